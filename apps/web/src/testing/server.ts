import { setupServer } from 'msw/node';
import { defaultHandlers } from './handlers.ts';

export const server = setupServer(...defaultHandlers);
