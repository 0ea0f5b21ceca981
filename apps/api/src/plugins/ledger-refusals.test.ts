import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { ReferenceConflictError } from '../ledger/index.ts';
import { registerErrorHandling } from './errors.ts';

// A ledger reference replayed with other lines (decision 0030) is the state refusing the
// request, as with an idempotency key reused for another body: 409, never a 500.
it('answers a replayed ledger reference with other lines as 409 CONFLICT', async () => {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/replay', () => {
    throw new ReferenceConflictError('deposit:42');
  });
  try {
    const response = await app.inject({ method: 'GET', url: '/replay' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: 'error',
      message: 'This operation was already recorded with other amounts',
      error: 'CONFLICT',
    });
  } finally {
    await app.close();
  }
});
