import { setupServer } from 'msw/node';
import { defaultHandlers } from './handlers.ts';
import { proofOfWorkHandler } from './proof-of-work.ts';

export const server = setupServer(...defaultHandlers, proofOfWorkHandler);
