import { describe, expect, it } from 'vitest';
import { memberFilesDailyLimit } from './verification.ts';

describe('memberFilesDailyLimit', () => {
  it('says the wait in minutes under an hour and in whole hours, rounded up, from there', () => {
    const waits = [1, 60, 61, 3599, 3600, 3601, 23 * 3600, 24 * 3600 - 5].map((seconds) =>
      memberFilesDailyLimit(seconds).replace('You have sent as many files as a day allows. ', ''),
    );
    expect(waits).toEqual([
      'Try again in 1 minute.',
      'Try again in 1 minute.',
      'Try again in 2 minutes.',
      'Try again in 1 hour.',
      'Try again in 1 hour.',
      'Try again in 2 hours.',
      'Try again in 23 hours.',
      'Try again in 24 hours.',
    ]);
  });
});
