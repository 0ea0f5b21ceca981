import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { tokenOf } from '../testing/members.ts';
import { signInOperator } from '../testing/operators.ts';
import { call, registration } from '../testing/requests.ts';
import { createRootMember, createTestApp, type TestApp } from '../testing/test-app.ts';

// Every text field a client can fill, body or query, refuses control characters with a 422
// naming the field. Each case below was a 500 once: a NUL byte reached PostgreSQL, which cannot
// store it as text.

let t: TestApp;
let admin: string;
const ROOT = 'RTST2345';
const NUL = 'a\u0000b';

let memberId: string;

beforeAll(async () => {
  t = await createTestApp();
  memberId = await createRootMember(t.ctx.database, ROOT);
  admin = await signInOperator(t, 'admin@example.com', 'admin');
});
afterAll(() => t.close());

type Case = {
  name: string;
  method: 'GET' | 'POST';
  url: () => string;
  body?: () => Record<string, unknown>;
  operator?: boolean;
  field: string;
  reason: string;
};

const cases: Case[] = [
  {
    name: 'auth/login loginId',
    method: 'POST',
    url: () => 'auth/login',
    body: () => ({ loginId: `${ROOT}\u0000`, password: 'any-password' }),
    field: 'loginId',
    reason: 'Registered id must not contain control characters',
  },
  {
    name: 'auth/otp-verify loginId',
    method: 'POST',
    url: () => 'auth/otp-verify',
    body: () => ({ loginId: NUL, otp: '123456' }),
    field: 'loginId',
    reason: 'Registered id must not contain control characters',
  },
  {
    name: 'auth/otp-verify email',
    method: 'POST',
    url: () => 'auth/otp-verify',
    body: () => ({ email: `x${NUL}@example.com`, otp: '123456' }),
    field: 'email',
    reason: 'Email id must not contain control characters',
  },
  {
    name: 'auth/register name',
    method: 'POST',
    url: () => 'auth/register',
    body: () => registration(ROOT, { name: `Jane${NUL}` }),
    field: 'name',
    reason: 'Name must not contain control characters',
  },
  {
    name: 'operator/auth/login email',
    method: 'POST',
    url: () => 'operator/auth/login',
    body: () => ({ email: `admin${NUL}@example.com`, password: 'any-password' }),
    field: 'email',
    reason: 'Email id must not contain control characters',
  },
  {
    name: 'operator package name',
    method: 'POST',
    url: () => 'operator/packages',
    body: () => ({
      name: `Gold${NUL}`,
      minAmount: 100,
      maxAmount: 1000,
      dailyPercentage: 0.5,
      totalDays: 100,
    }),
    operator: true,
    field: 'name',
    reason: 'Name must not contain control characters',
  },
  {
    name: 'deposit reject reason',
    method: 'POST',
    url: () => `operator/deposits/${randomUUID()}/reject`,
    body: () => ({ reason: `No funds${NUL}` }),
    operator: true,
    field: 'reason',
    reason: 'Reason must not contain control characters',
  },
  {
    name: 'withdrawal reject reason',
    method: 'POST',
    url: () => `operator/withdrawals/${randomUUID()}/reject`,
    body: () => ({ reason: `Wrong address${NUL}` }),
    operator: true,
    field: 'reason',
    reason: 'Reason must not contain control characters',
  },
  {
    name: 'ticket answer message',
    method: 'POST',
    url: () => `operator/tickets/${randomUUID()}/answer`,
    body: () => ({ message: `Checked${NUL}` }),
    operator: true,
    field: 'message',
    reason: 'Message must not contain control characters',
  },
  {
    name: 'operator/audit-log?action=',
    method: 'GET',
    url: () => 'operator/audit-log?action=operator.login%00',
    operator: true,
    field: 'action',
    reason: 'action must not contain control characters',
  },
];

describe('control characters in text fields', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s: 422 naming the field', async (_, c) => {
    const response = await call(t.app, c.method, c.url(), c.body?.(), {
      token: c.operator ? admin : undefined,
    });
    expect(response.status).toBe(422);
    expect(response.body.message[0].validation_results).toContainEqual({
      field: c.field,
      reason: c.reason,
    });
  });

  it.each(['\u0007', '\u001b[31m', '\u007f', '\u0085', '\r\n'])(
    'refuses %j in a one-line field',
    async (control) => {
      const response = await call(
        t.app,
        'POST',
        'auth/register',
        registration(ROOT, {
          name: `Jane${control}Doe`,
        }),
      );
      expect(response.status).toBe(422);
      expect(response.body.message[0].validation_results).toEqual([
        { field: 'name', reason: 'Name must not contain control characters' },
      ]);
    },
  );

  it('keeps line breaks and tabs in a multi-line reason', async () => {
    const response = await call(
      t.app,
      'POST',
      `operator/deposits/${randomUUID()}/reject`,
      { reason: 'Line one\r\n\tLine two' },
      { token: admin },
    );
    // Past validation: the deposit does not exist.
    expect(response.status).toBe(404);
  });
});

describe('invisible text-direction characters in text fields', () => {
  const RLO = '\u202e';

  it('refuses a ticket whose subject and message reorder what an operator reads', async () => {
    const token = await tokenOf(t, memberId);
    const response = await call(
      t.app,
      'POST',
      'ticket/create',
      { category: 'other', subject: `Refund ${RLO}666 fo`, message: `Please \u2066see\u2069 this` },
      { token },
    );
    expect(response.status).toBe(422);
    expect(response.body.message[0].validation_results).toEqual(
      expect.arrayContaining([
        {
          field: 'subject',
          reason: 'Subject must not contain invisible text-direction characters',
        },
        {
          field: 'message',
          reason: 'Message must not contain invisible text-direction characters',
        },
      ]),
    );
  });

  it('refuses a name holding an override at registration', async () => {
    const response = await call(
      t.app,
      'POST',
      'auth/register',
      registration(ROOT, { name: `Jane ${RLO}eoD` }),
    );
    expect(response.status).toBe(422);
    expect(response.body.message[0].validation_results).toEqual([
      { field: 'name', reason: 'Name must not contain invisible text-direction characters' },
    ]);
  });
});
