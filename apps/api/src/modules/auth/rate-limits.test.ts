import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { call, registration, signUp } from '../../testing/requests.ts';
import { createRootMember, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { REGISTER_RATE_LIMIT: '3', OTP_RATE_LIMIT: '2' } });
  await createRootMember(t.ctx.database, 'RTST2345');
});
afterAll(() => t.close());

describe('request rate limits', () => {
  it('limits registrations per address', async () => {
    const member = await signUp(t.app, t.smtp, 'RTST2345', {}); // 1
    for (let i = 0; i < 2; i++)
      expect((await call(t.app, 'POST', 'auth/register', registration('RTST2345'))).status).toBe(
        200,
      );
    const limited = await call(t.app, 'POST', 'auth/register', registration('RTST2345'));
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ status: 'error', error: 'RATE_LIMITED' });
    // Another address is not affected.
    expect(
      (await call(t.app, 'POST', 'auth/register', registration('RTST2345'), { ip: '10.7.7.7' }))
        .status,
    ).toBe(200);

    // OTP mails per member: the second request inside ten minutes is the last one allowed.
    t.clock.advance(MINUTE_MS + 1);
    const send = () => call(t.app, 'GET', 'auth/send-otp', undefined, { token: member.token });
    expect((await send()).status).toBe(200);
    t.clock.advance(MINUTE_MS + 1);
    expect((await send()).status).toBe(200);
    t.clock.advance(MINUTE_MS + 1);
    expect((await send()).status).toBe(429);
  });
});

describe('the robot check beside the request ceilings (decision 0050)', () => {
  it('is asked for before an address reaches the hourly route limits, and leaves the published answers to clients without it', () => {
    const { proofOfWork, rateLimits } = loadConfig({});
    // Per hour against per 10 minutes: an address meets the robot check before the ceiling.
    expect(proofOfWork.registrationsPerAddress).toBeLessThan(rateLimits.register * 6);
    expect(proofOfWork.resetRequestsPerAddress).toBeLessThan(rateLimits.passwordReset * 6);
    // A client that never solves one still sees 401 for each of an address's 5 tries, then 429.
    expect(proofOfWork.signInFailures).toBeGreaterThanOrEqual(5);
    expect(proofOfWork.accountFailures).toBeGreaterThan(5);
  });
});
