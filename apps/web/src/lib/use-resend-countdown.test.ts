import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { retryAfterSeconds } from './use-resend-countdown.ts';

describe('retryAfterSeconds', () => {
  it("reads the server's wait from a 429 answer, in seconds or minutes", () => {
    const tooEarly = (message: string) => new ApiError(message, 429, 'RATE_LIMITED');
    expect(retryAfterSeconds(tooEarly('Please wait 42 seconds before asking for a new code'))).toBe(
      42,
    );
    expect(retryAfterSeconds(tooEarly('Please wait 1 second before asking for a new code'))).toBe(
      1,
    );
    expect(retryAfterSeconds(tooEarly('Rate limit exceeded, retry in 10 minutes'))).toBe(600);
  });

  it('is null for anything that is not a too-early answer saying how long', () => {
    expect(retryAfterSeconds(new ApiError('Wait 42 seconds', 409))).toBeNull();
    expect(retryAfterSeconds(new ApiError('Too many requests', 429))).toBeNull();
    expect(retryAfterSeconds(new Error('Please wait 42 seconds'))).toBeNull();
  });
});
