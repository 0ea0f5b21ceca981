import { describe, expect, it } from 'vitest';
import { inTickBatches } from './tick-batch.ts';

/** A batcher that doubles numbers and records the batches it ran. */
function doubling(maxSize?: number) {
  const batches: number[][] = [];
  const double = inTickBatches(async (inputs: number[]) => {
    batches.push([...inputs]);
    return inputs.map((input) => input * 2);
  }, maxSize);
  return { double, batches };
}

describe('calls batched by event-loop turn', () => {
  it('runs the calls of one turn as one batch and answers each its own output', async () => {
    const { double, batches } = doubling();
    expect(await Promise.all([double(1), double(2), double(3)])).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('starts a new batch for a call made after the previous batch went', async () => {
    const { double, batches } = doubling();
    expect(await double(1)).toBe(2);
    expect(await double(2)).toBe(4);
    expect(batches).toEqual([[1], [2]]);
  });

  it('sends a full batch at once and opens the next for the calls after it', async () => {
    const { double, batches } = doubling(2);
    expect(await Promise.all([double(1), double(2), double(3), double(4), double(5)])).toEqual([
      2, 4, 6, 8, 10,
    ]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('rejects every call of a failed batch with its error, and the next batch runs afresh', async () => {
    let fail = true;
    const echo = inTickBatches(async (inputs: string[]) => {
      if (fail) throw new Error('database down');
      return inputs;
    });
    const answers = await Promise.allSettled([echo('a'), echo('b')]);
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await echo('c')).toBe('c');
  });

  it('rejects the calls of a batch whose run answered a different number of outputs', async () => {
    const short = inTickBatches(async (inputs: number[]) => inputs.slice(1));
    await expect(Promise.all([short(1), short(2)])).rejects.toThrow(/answered 1 of 2/);
  });
});
