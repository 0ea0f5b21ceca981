import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { SECOND_FACTOR_ENROLMENT_REQUIRED } from '@app/contracts';
import { loadConfig } from '../../config/env.ts';
import { createOperatorSession } from '../../core/sessions/operator-sessions.ts';
import { call } from '../../testing/requests.ts';
import { createTestApp, TEST_START, type TestApp } from '../../testing/test-app.ts';
import { signInOperator } from '../../testing/operators.ts';
import { enrolOperator, STEP_MS } from '../../testing/operator-second-factor.ts';

// Where operators must have a second factor (REQUIRE_OPERATOR_SECOND_FACTOR, always so in
// production; decision 0049): an operator without one signs in with the password, and the
// session opens only who-am-I, sign-out and the enrolment until the authenticator is on.

type Method = Parameters<typeof call>[1];

let t: TestApp;
const registered: RouteOptions[] = [];
beforeAll(async () => {
  t = await createTestApp({
    env: { REQUIRE_OPERATOR_SECOND_FACTOR: 'true' },
    onRoute: (route) => registered.push(route),
  });
  t.clock.set(new Date(TEST_START.getTime() + STEP_MS / 3));
});
afterAll(() => t.close());

/** Every operator route, once per method, and whether it opens before the enrolment. */
function operatorRoutes() {
  const routes = new Map<string, { method: Method; url: string; before: boolean }>();
  for (const route of registered) {
    if (route.config?.access !== 'operator') continue;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.set(`${method} ${route.url}`, {
        method: method as Method,
        url: route.url,
        before: route.config.beforeSecondFactor === true,
      });
    }
  }
  return [...routes.entries()];
}

/** Each route with an id nobody has and an empty body, on a session of its own. */
async function probeAll(operatorId: string) {
  const answers = new Map<string, { status: number; error: unknown }>();
  for (const [key, route] of operatorRoutes()) {
    const token = await createOperatorSession(t.ctx.database.db, {
      operatorId,
      now: t.clock.now(),
      ip: '127.0.0.1',
      userAgent: 'probe',
    });
    const url = route.url.replace(/:[^/]+/g, crypto.randomUUID());
    const body = route.method === 'GET' ? undefined : {};
    const answer = await call(t.app, route.method, url, body, { token });
    answers.set(key, { status: answer.status, error: answer.body.error });
  }
  return answers;
}

describe('an operator without a second factor, where one is required', () => {
  it('reaches only who-am-I, sign-out and the enrolment; once it is on, everything opens', async () => {
    const token = await signInOperator(t, 'must-enrol@ops.example.com', 'admin');
    const me = await call(t.app, 'GET', 'operator/auth/me', undefined, { token });
    expect(me.status).toBe(200);
    expect(me.body.data.secondFactor).toEqual({ totp: false, enrolmentRequired: true });
    const status = await call(t.app, 'GET', 'operator/auth/second-factor', undefined, { token });
    expect(status.body.data).toMatchObject({ totp: false, required: true });
    const refused = await call(t.app, 'GET', 'operator/operators', undefined, { token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      status: 'error',
      message: SECOND_FACTOR_ENROLMENT_REQUIRED,
      error: 'SECOND_FACTOR_ENROLMENT_REQUIRED',
    });

    const operatorId = me.body.data.id as string;
    const open = operatorRoutes()
      .filter(([, route]) => route.before)
      .map(([key]) => key);
    expect(open.sort()).toEqual([
      'GET /api/v1/operator/auth/me',
      'GET /api/v1/operator/auth/second-factor',
      'POST /api/v1/operator/auth/logout',
      'POST /api/v1/operator/auth/second-factor/totp/confirm',
      'POST /api/v1/operator/auth/second-factor/totp/setup',
    ]);
    const before = await probeAll(operatorId);
    for (const [key, answer] of before) {
      if (open.includes(key))
        expect(answer.error, key).not.toBe('SECOND_FACTOR_ENROLMENT_REQUIRED');
      else expect(answer, key).toEqual({ status: 403, error: 'SECOND_FACTOR_ENROLMENT_REQUIRED' });
    }

    await enrolOperator(t, token);
    const after = await probeAll(operatorId);
    // The probes' sessions never proved the factor: a step-up action whose empty body passes
    // validation asks for it (the others answer 422 first); nothing else does.
    const STEP_UP_ROUTES = [
      'POST /api/v1/operator/adjustments/:id/approve',
      'POST /api/v1/operator/plan',
      'POST /api/v1/operator/withdrawals/:id/pay',
    ];
    const stepUp = [...after].filter(([, answer]) => answer.error === 'STEP_UP_REQUIRED');
    expect(stepUp.length).toBeGreaterThan(0);
    for (const [key] of stepUp) expect(STEP_UP_ROUTES).toContain(key);
    for (const [key, answer] of after) {
      if (answer.error === 'STEP_UP_REQUIRED') continue;
      expect([401, 403], `${key}: ${String(answer.error)}`).not.toContain(answer.status);
    }
    // The session that enrolled proved the factor: it opens the console at once.
    const list = await call(t.app, 'GET', 'operator/operators', undefined, { token });
    expect(list.status).toBe(200);
    const meAfter = await call(t.app, 'GET', 'operator/auth/me', undefined, { token });
    expect(meAfter.body.data.secondFactor).toEqual({ totp: true, enrolmentRequired: false });
  });
});

describe('REQUIRE_OPERATOR_SECOND_FACTOR', () => {
  it('is on in production and cannot be turned off there; off elsewhere unless set', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).requireOperatorSecondFactor).toBe(true);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', REQUIRE_OPERATOR_SECOND_FACTOR: 'false' }),
    ).toThrow(/REQUIRE_OPERATOR_SECOND_FACTOR: is refused when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'development' }).requireOperatorSecondFactor).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).requireOperatorSecondFactor).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'test', REQUIRE_OPERATOR_SECOND_FACTOR: 'true' })
        .requireOperatorSecondFactor,
    ).toBe(true);
  });
});
