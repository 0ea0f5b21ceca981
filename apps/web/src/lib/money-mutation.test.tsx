import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiUrl, failure, ok, validationFailure } from '../testing/handlers.ts';
import { server } from '../testing/server.ts';
import { postMoney, type IdempotencyKey } from './api-client.ts';
import { useMoneyMutation } from './money-mutation.ts';
import { createQueryClient } from './query-client.ts';

type Answer = () => Response;

const networkFailure: Answer = () => HttpResponse.error();
const serverError: Answer = () => failure(500, 'Something went wrong');
const inProgress: Answer = () =>
  failure(409, 'A request with this key is still being processed', 'IDEMPOTENCY_IN_PROGRESS');
const refused: Answer = () => failure(422, 'Insufficient balance', 'INSUFFICIENT_FUNDS');
const invalid: Answer = () => validationFailure([{ field: 'amount', reason: 'Too small' }]);
const conflict: Answer = () => failure(409, 'Already pending', 'CONFLICT');
const done: Answer = () => ok({ moved: true });

/** Answers compounding/move with the given answers in turn; records each key sent. */
function serveMoves(...answers: Answer[]) {
  const keys: (string | null)[] = [];
  server.use(
    http.post(apiUrl('compounding/move'), ({ request }) => {
      keys.push(request.headers.get('idempotency-key'));
      return answers[keys.length - 1]!();
    }),
  );
  return keys;
}

const move = (body: { amount: string }, key: IdempotencyKey) =>
  postMoney('compounding/move', body, key, { schema: z.unknown() });

function renderMove() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useMoneyMutation({ mutationFn: move }), { wrapper });
  // Each submission as a member makes it: one at a time, its outcome awaited.
  return (amount = '10') =>
    act(() =>
      result.current.mutateAsync({ amount }).then(
        () => 'done',
        () => 'failed',
      ),
    );
}

describe('useMoneyMutation', () => {
  it('keeps the key while the outcome is open: network failure, 5xx, 409 in progress', async () => {
    const keys = serveMoves(networkFailure, serverError, inProgress, done);
    const submit = renderMove();
    expect(await submit()).toBe('failed');
    expect(await submit()).toBe('failed');
    expect(await submit()).toBe('failed');
    expect(await submit()).toBe('done');
    expect(keys[0]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(new Set(keys)).toEqual(new Set([keys[0]]));
  });

  it('drops the key after a success: the same amount again is a new request', async () => {
    const keys = serveMoves(done, done);
    const submit = renderMove();
    await submit();
    await submit();
    expect(keys[1]).not.toBe(keys[0]);
  });

  it.each([
    ['a refusal', refused],
    ['a validation failure', invalid],
    ['a conflict', conflict],
  ])('drops the key after %s, which the server stores under it', async (_, final) => {
    const keys = serveMoves(final, done);
    const submit = renderMove();
    expect(await submit()).toBe('failed');
    expect(await submit()).toBe('done');
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('takes a new key when the request changes (another amount is another attempt)', async () => {
    const keys = serveMoves(serverError, serverError, serverError);
    const submit = renderMove();
    await submit('10');
    await submit('20');
    await submit('20');
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
  });
});
