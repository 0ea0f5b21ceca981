import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPERATOR_EMAIL_TAKEN,
  OPERATOR_INVITE_INVALID,
  OPERATOR_SELF_CHANGE,
  SESSION_EXPIRED,
} from '@app/contracts';
import { HOUR_MS } from '../../lib/clock.ts';
import { call } from '../../testing/requests.ts';
import { signInOperator } from '../../testing/operators.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: string;
let adminId: string;
const NEW_PASSWORD = 'a-long-operator-pass-1';

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInOperator(t, 'chief@ops.example.com');
  adminId = (await call(t.app, 'GET', 'operator/auth/me', undefined, { token: admin })).body.data
    .id as string;
});
afterAll(() => t.close());

/** Invites `email`, reads the link from the mail and returns its token and the operator id. */
async function invite(email: string, role = 'support') {
  const response = await call(
    t.app,
    'POST',
    'operator/operators',
    { email, role },
    { token: admin },
  );
  expect(response.status).toBe(200);
  const mail = await t.smtp.waitFor((candidate) => candidate.to.includes(email.toLowerCase()));
  const link = /(https?:\/\/\S+\/operator\/accept-invite\?token=\S+)/.exec(mail.text)?.[1] ?? '';
  const token = new URL(link).searchParams.get('token') ?? '';
  return { id: response.body.data.id as string, token, mail };
}

const accept = (token: string, password = NEW_PASSWORD, confirmPassword = password) =>
  call(t.app, 'POST', 'operator/auth/accept-invite', { token, password, confirmPassword });

describe('inviting an operator', () => {
  it('emails a one-time link; accepting sets the password, activates and signs in', async () => {
    const { id, token } = await invite('New.Support@Ops.example.com');
    const before = await call(t.app, 'GET', 'operator/operators', undefined, { token: admin });
    expect(before.body.data).toContainEqual(
      expect.objectContaining({ id, email: 'new.support@ops.example.com', status: 'invited' }),
    );
    // Not signed in to before acceptance, whatever the password.
    const early = await call(t.app, 'POST', 'operator/auth/login', {
      email: 'new.support@ops.example.com',
      password: NEW_PASSWORD,
    });
    expect(early.status).toBe(401);

    const accepted = await accept(token);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.operator).toEqual({
      id,
      email: 'new.support@ops.example.com',
      role: 'support',
    });
    const me = await call(t.app, 'GET', 'operator/auth/me', undefined, {
      token: accepted.body.data.access_token,
    });
    expect(me.body.data.role).toBe('support');
    // The link works once.
    expect((await accept(token)).body).toEqual({
      status: 'error',
      message: OPERATOR_INVITE_INVALID,
      error: 'VALIDATION',
    });
  });

  it('refuses a taken email, a short password, mismatched confirmations and expired links', async () => {
    const taken = await call(
      t.app,
      'POST',
      'operator/operators',
      { email: 'chief@ops.example.com', role: 'finance' },
      { token: admin },
    );
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(OPERATOR_EMAIL_TAKEN);

    const { token } = await invite('late@ops.example.com', 'finance');
    expect((await accept(token, 'short')).status).toBe(422);
    const mismatch = await accept(token, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(mismatch.status).toBe(422);
    expect(JSON.stringify(mismatch.body)).toContain('confirmPassword');
    t.clock.advance(73 * HOUR_MS);
    expect((await accept(token)).body.message).toBe(OPERATOR_INVITE_INVALID);
    // The admin's own session ended with those hours too.
    admin = await signInOperator(t, 'chief@ops.example.com');
  });

  it('a resent invitation replaces the earlier link', async () => {
    const first = await invite('twice@ops.example.com');
    const resent = await call(
      t.app,
      'POST',
      `operator/operators/${first.id}/resend-invite`,
      {},
      {
        token: admin,
      },
    );
    expect(resent.status).toBe(200);
    const mails = await t.smtp.waitFor(
      (mail) => mail.to.includes('twice@ops.example.com') && mail.text !== first.mail.text,
    );
    const second = new URL(/(https?:\/\/\S+)/.exec(mails.text)?.[1] ?? '').searchParams.get(
      'token',
    );
    expect((await accept(first.token)).status).toBe(422);
    expect((await accept(second ?? '')).status).toBe(200);
    const again = await call(
      t.app,
      'POST',
      `operator/operators/${first.id}/resend-invite`,
      {},
      {
        token: admin,
      },
    );
    expect(again.status).toBe(409);
  });
});

describe('changing and disabling operators', () => {
  it('an invited operator disabled and enabled again is invited again, so a new link works', async () => {
    const { id, token } = await invite('paused@ops.example.com');
    await call(
      t.app,
      'PATCH',
      `operator/operators/${id}`,
      { status: 'disabled' },
      { token: admin },
    );
    expect((await accept(token)).status).toBe(422);
    await call(t.app, 'PATCH', `operator/operators/${id}`, { status: 'active' }, { token: admin });
    const list = await call(t.app, 'GET', 'operator/operators', undefined, { token: admin });
    expect(list.body.data).toContainEqual(expect.objectContaining({ id, status: 'invited' }));
    const resent = await call(
      t.app,
      'POST',
      `operator/operators/${id}/resend-invite`,
      {},
      {
        token: admin,
      },
    );
    expect(resent.status).toBe(200);
  });

  it('a new role applies at once; disabling ends their sessions and sign-in', async () => {
    const { id, token } = await invite('moved@ops.example.com', 'support');
    const session = (await accept(token)).body.data.access_token as string;
    const promoted = await call(
      t.app,
      'PATCH',
      `operator/operators/${id}`,
      { role: 'finance' },
      {
        token: admin,
      },
    );
    expect(promoted.status).toBe(200);
    const me = await call(t.app, 'GET', 'operator/auth/me', undefined, { token: session });
    expect(me.body.data.role).toBe('finance');

    await call(
      t.app,
      'PATCH',
      `operator/operators/${id}`,
      { status: 'disabled' },
      { token: admin },
    );
    const after = await call(t.app, 'GET', 'operator/auth/me', undefined, { token: session });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(SESSION_EXPIRED);
    const login = await call(t.app, 'POST', 'operator/auth/login', {
      email: 'moved@ops.example.com',
      password: NEW_PASSWORD,
    });
    expect(login.status).toBe(401);

    await call(t.app, 'PATCH', `operator/operators/${id}`, { status: 'active' }, { token: admin });
    const back = await call(t.app, 'POST', 'operator/auth/login', {
      email: 'moved@ops.example.com',
      password: NEW_PASSWORD,
    });
    expect(back.status).toBe(200);
  });

  it('an admin cannot change or disable themselves; bad bodies and ids are refused', async () => {
    const self = await call(
      t.app,
      'PATCH',
      `operator/operators/${adminId}`,
      { status: 'disabled' },
      {
        token: admin,
      },
    );
    expect(self.status).toBe(409);
    expect(self.body.message).toBe(OPERATOR_SELF_CHANGE);
    const empty = await call(t.app, 'PATCH', `operator/operators/${adminId}`, {}, { token: admin });
    expect(empty.status).toBe(422);
    const badRole = await call(
      t.app,
      'POST',
      'operator/operators',
      { email: 'x@ops.example.com', role: 'owner' },
      {
        token: admin,
      },
    );
    expect(badRole.status).toBe(422);
    expect(JSON.stringify(badRole.body)).toContain('role');
    const unknown = await call(
      t.app,
      'PATCH',
      `operator/operators/${crypto.randomUUID()}`,
      { role: 'finance' },
      {
        token: admin,
      },
    );
    expect(unknown.status).toBe(404);
    const malformed = await call(
      t.app,
      'PATCH',
      'operator/operators/nope',
      { role: 'finance' },
      {
        token: admin,
      },
    );
    expect(malformed.status).toBe(404);
  });

  it('every change is in the audit log with who and from where', async () => {
    const log = await call(t.app, 'GET', 'operator/audit-log?action=operator.update', undefined, {
      token: admin,
    });
    expect(log.body.data.data.length).toBeGreaterThanOrEqual(3);
    expect(log.body.data.data[0]).toEqual(
      expect.objectContaining({ operatorEmail: 'chief@ops.example.com', ip: expect.any(String) }),
    );
  });
});
