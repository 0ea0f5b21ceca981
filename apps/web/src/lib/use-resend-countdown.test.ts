import { describe, expect, it } from 'vitest';
import { ApiError, readRetryAfter } from './api-error.ts';
import { retryAfterSeconds } from './use-resend-countdown.ts';

describe('the wait before another email code', () => {
  it("is the Retry-After of the server's 429, whatever its message says", () => {
    const tooEarly = (seconds: number | null) =>
      new ApiError('Please wait 42 seconds', 429, 'RATE_LIMITED', [], seconds);
    expect(retryAfterSeconds(tooEarly(17))).toBe(17);
    expect(retryAfterSeconds(tooEarly(null))).toBeNull();
  });

  it('is null for anything that is not a too-early answer', () => {
    expect(retryAfterSeconds(new ApiError('Busy', 409, 'IDEMPOTENCY_IN_PROGRESS', [], 1))).toBe(
      null,
    );
    expect(retryAfterSeconds(new Error('Please wait 42 seconds'))).toBeNull();
  });
});

describe('readRetryAfter', () => {
  it('reads seconds, or an HTTP date as the seconds until then', () => {
    const now = Date.parse('2025-03-05T10:00:00Z');
    expect(readRetryAfter('42', now)).toBe(42);
    expect(readRetryAfter(' 0 ', now)).toBe(0);
    expect(readRetryAfter('Wed, 05 Mar 2025 10:01:30 GMT', now)).toBe(90);
    expect(readRetryAfter('Wed, 05 Mar 2025 09:00:00 GMT', now)).toBe(0);
  });

  it('is null without a usable header', () => {
    expect(readRetryAfter(null)).toBeNull();
    expect(readRetryAfter('')).toBeNull();
    expect(readRetryAfter('soon')).toBeNull();
    expect(readRetryAfter('-5')).toBeNull();
  });
});
