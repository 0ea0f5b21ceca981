import { setupServer } from 'msw/node';
import { defaultHandlers } from './handlers.ts';
import { proofOfWorkHandlers } from './proof-of-work.ts';

export const server = setupServer(...defaultHandlers, ...proofOfWorkHandlers);
