import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PLAN_DEFAULTS } from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import * as factor from '../../testing/operator-second-factor.ts';
import { call } from '../../testing/requests.ts';
import type { TestApp } from '../../testing/test-app.ts';

// Publishing the compensation plan needs the admin's second factor proved by this session within
// the last 5 minutes (decision 0049); a refusal publishes nothing.

let t: TestApp;
beforeAll(async () => {
  t = await factor.appForCodes();
});
afterAll(() => t.close());

const as = (token: string, url: string, body: unknown) =>
  call(t.app, 'POST', `operator/${url}`, body, { token });
const draft = { document: PLAN_DEFAULTS };
const latestVersion = async () =>
  (
    await queryRows<{ version: number }>(
      t.ctx.database.db,
      sql`select max(version)::int as version from plan_versions`,
    )
  )[0]?.version ?? 0;

describe('POST operator/plan with the admin factor on', () => {
  it('publishes on a fresh session; after 5 minutes only after a step-up, a recovery code too', async () => {
    const { token, secret } = await factor.operatorWithFactor(
      t,
      'publisher@ops.example.com',
      'admin',
    );
    const before = await latestVersion();
    expect((await as(token, 'plan', draft)).status).toBe(200);
    expect(await latestVersion()).toBe(before + 1);

    factor.staleFactor(t);
    factor.expectStepUp(await as(token, 'plan', draft));
    expect(await latestVersion()).toBe(before + 1);
    // New recovery codes (made with a code) do not prove the factor for the session by themselves.
    const codes = await as(token, 'auth/second-factor/recovery-codes', {
      code: factor.nextCode(t, secret),
    });
    expect(codes.status).toBe(200);
    factor.expectStepUp(await as(token, 'plan', draft));
    const recovery = (codes.body.data.recoveryCodes as string[])[0];
    expect((await as(token, 'auth/second-factor/verify', { code: recovery })).status).toBe(200);
    expect((await as(token, 'plan', draft)).status).toBe(200);
    expect(await latestVersion()).toBe(before + 2);
  });

  it('does not count a factor proved by another session of the same admin', async () => {
    const email = 'two-sessions@ops.example.com';
    const { token, secret } = await factor.operatorWithFactor(t, email, 'admin');
    factor.staleFactor(t);
    const other = await factor.signInWithFactor(t, email, secret);
    expect((await as(other, 'plan/preview', draft)).status).toBe(200);
    factor.expectStepUp(await as(token, 'plan', draft));
  });
});
