import { describe, expect, it } from 'vitest';
import { createGate, reservedForStatements } from './connection-pool.ts';

// The request pool's transaction gate (decision 0039): at most `limit` transactions hold
// connections; the others queue in order and give up as pg-pool would.

describe('the transaction gate', () => {
  it('keeps a fifth of the pool, at least one, for single statements', () => {
    expect([1, 2, 5, 20, 60].map(reservedForStatements)).toEqual([0, 1, 1, 4, 12]);
  });

  it('admits up to its limit, then the waiters in order as holders leave', async () => {
    const gate = createGate(2, 1_000);
    const first = await gate.enter();
    const second = await gate.enter();
    const admitted: string[] = [];
    const third = gate.enter().then((leave) => (admitted.push('third'), leave));
    const fourth = gate.enter().then((leave) => (admitted.push('fourth'), leave));
    expect(gate.waiting()).toBe(2);
    first();
    first(); // leaving twice lets in one, not two
    await third;
    expect(admitted).toEqual(['third']);
    second();
    await fourth;
    expect(admitted).toEqual(['third', 'fourth']);
    expect(gate.waiting()).toBe(0);
  });

  it('fails a waiter after the timeout with pg-pool’s words, and forgets it', async () => {
    const gate = createGate(1, 30);
    const held = await gate.enter();
    await expect(gate.enter()).rejects.toThrow('timeout exceeded when trying to connect');
    expect(gate.waiting()).toBe(0);
    held();
    const again = await gate.enter();
    again();
  });
});
