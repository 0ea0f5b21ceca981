import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEMBER_DETAILS_UNCHANGED,
  MEMBER_EMAIL_TAKEN,
  MEMBER_NOT_FOUND,
  OPERATOR_ROLE_REFUSED,
} from '@app/contracts';
import { queryRows, type Executor } from '../../db/client.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { call } from '../../testing/requests.ts';
import { createRootMember, createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  asOperator,
  auditOf,
  createOperators,
  notificationsOf,
  registerMember,
  type Operators,
} from './test-support.ts';

let t: TestApp;
let ops: Operators;

beforeAll(async () => {
  t = await createTestApp();
  await createRootMember(t.ctx.database, 'ROOT2345');
  ops = await createOperators(t);
});
afterAll(() => t.close());

const reason = 'Member asked by phone, identity checked';
const mailsTo = (to: string) => t.smtp.mails.filter((mail) => mail.to.includes(to));
const memberRow = async (id: string) => {
  const [row] = await queryRows<{
    name: string;
    email: string;
    mobile: string;
    verified: boolean;
  }>(
    t.ctx.database.db,
    sql`select name, email, mobile, email_verified_at is not null as verified from members where id = ${id}`,
  );
  return row!;
};

describe('PATCH operator/members/:id/details', () => {
  it('changes the name, audited before → after, and tells the member in the app and by mail', async () => {
    const member = await registerMember(t, 'ROOT2345', { name: 'Asha Rao' });
    const edited = await asOperator(t, ops, 'support', 'PATCH', `members/${member.id}/details`, {
      name: 'Asha R. Menon',
      reason,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toEqual({ changed: ['name'] });
    expect((await memberRow(member.id)).name).toBe('Asha R. Menon');
    const [audit] = (await auditOf(t, member.id)).filter((r) => r.action === 'member.edit_details');
    expect(audit).toMatchObject({
      role: 'support',
      detail: { name: { before: 'Asha Rao', after: 'Asha R. Menon' }, reason },
    });
    expect(audit!.detail).not.toHaveProperty('email');
    const [told] = await notificationsOf(t, member.id, 'security');
    expect(told?.message).toMatch(/Support changed your name/);
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(member.email) && m.subject === 'Support changed your account details',
    );
    expect(mail.text).toContain('name from "Asha Rao" to "Asha R. Menon"');
  });

  it('changes the mobile number by the registration rules: E.164 for another country, 422 naming the field when invalid', async () => {
    const member = await registerMember(t, 'ROOT2345');
    const url = `members/${member.id}/details`;
    const bad = await asOperator(t, ops, 'admin', 'PATCH', url, {
      mobile_number: '+49123',
      reason,
    });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('mobile_number');
    expect((await memberRow(member.id)).mobile).toBe('+919876543210');

    const edited = await asOperator(t, ops, 'admin', 'PATCH', url, {
      mobile_number: '+49 1512 3456789',
      reason,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await memberRow(member.id)).mobile).toBe('+4915123456789');
    const audit = (await auditOf(t, member.id)).filter((r) => r.action === 'member.edit_details');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.detail).toMatchObject({
      mobile_number: { before: '+919876543210', after: '+4915123456789' },
    });
    expect((await notificationsOf(t, member.id, 'security'))[0]?.message).toMatch(/mobile number/);
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(member.email) && m.subject === 'Support changed your account details',
    );
    expect(mail.text).toContain('mobile number from "+919876543210" to "+4915123456789"');
  });

  it('changes the email: lower-cased, unverified, both addresses told, withdrawals paused; sessions go on', async () => {
    const member = await registerMember(t, 'ROOT2345');
    await call(t.app, 'POST', 'auth/otp-verify', {
      loginId: member.code,
      otp: member.otp,
      purpose: 'verify-email',
    });
    expect((await memberRow(member.id)).verified).toBe(true);
    const newEmail = `moved.${member.id.slice(0, 8)}@example.org`;
    const edited = await asOperator(t, ops, 'support', 'PATCH', `members/${member.id}/details`, {
      email: newEmail.toUpperCase(),
      reason,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await memberRow(member.id)).toMatchObject({ email: newEmail, verified: false });
    const [audit] = (await auditOf(t, member.id)).filter((r) => r.action === 'member.edit_details');
    expect(audit?.detail).toMatchObject({ email: { before: member.email, after: newEmail } });
    for (const to of [member.email, newEmail]) {
      const mail = await t.smtp.waitFor(
        (m) => m.to.includes(to) && m.subject === 'The email of your account was changed',
      );
      expect(mail.text).toContain(`from ${member.email} to ${newEmail}`);
      expect(mail.text).toMatch(/Withdrawals are paused until/);
    }
    expect((await notificationsOf(t, member.id, 'security'))[0]?.message).toMatch(/your email/);
    // The member's session is not ended (decision 0054): they read the change in the app.
    const me = await call(t.app, 'GET', 'auth/me', undefined, { token: member.token });
    expect(me.status).toBe(200);
  });

  it('refuses an email another member has (409), and a change that changes nothing (409, no audit)', async () => {
    const first = await registerMember(t, 'ROOT2345');
    const second = await registerMember(t, 'ROOT2345');
    const url = `members/${second.id}/details`;
    const taken = await asOperator(t, ops, 'support', 'PATCH', url, {
      email: first.email,
      reason,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(MEMBER_EMAIL_TAKEN);

    const row = await memberRow(second.id);
    const same = await asOperator(t, ops, 'support', 'PATCH', url, {
      name: row.name,
      email: row.email,
      reason,
    });
    expect(same.status).toBe(409);
    expect(same.body.message).toBe(MEMBER_DETAILS_UNCHANGED);
    expect(await auditOf(t, second.id)).toEqual([]);
    expect(mailsTo(second.email).some((m) => /changed/.test(m.subject))).toBe(false);
  });

  it('asks for a reason and a field; finance may not; an unknown or malformed id is 404', async () => {
    const member = await registerMember(t, 'ROOT2345');
    const url = `members/${member.id}/details`;
    const noReason = await asOperator(t, ops, 'support', 'PATCH', url, { name: 'New Name' });
    expect(noReason.status).toBe(422);
    expect(JSON.stringify(noReason.body)).toContain('reason');
    const nothing = await asOperator(t, ops, 'support', 'PATCH', url, { reason });
    expect(nothing.status).toBe(422);
    const finance = await asOperator(t, ops, 'finance', 'PATCH', url, { name: 'X Y', reason });
    expect(finance.status).toBe(403);
    expect(finance.body.message).toBe(OPERATOR_ROLE_REFUSED);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const missing = await asOperator(t, ops, 'admin', 'PATCH', `members/${id}/details`, {
        name: 'New Name',
        reason,
      });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(MEMBER_NOT_FOUND);
    }
    expect((await memberRow(member.id)).name).not.toBe('X Y');
  });
});

describe('operator/members/:id/notes', () => {
  it('adds notes (support, admin) that every role reads newest first with their author', async () => {
    const member = await registerMember(t, 'ROOT2345');
    const url = `members/${member.id}/notes`;
    const empty = await asOperator(t, ops, 'finance', 'GET', url);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({ notes: [] });

    expect(
      (await asOperator(t, ops, 'support', 'POST', url, { text: 'Called about KYC' })).status,
    ).toBe(200);
    t.clock.advance(MINUTE_MS);
    expect((await asOperator(t, ops, 'admin', 'POST', url, { text: 'Second note' })).status).toBe(
      200,
    );
    const refused = await asOperator(t, ops, 'finance', 'POST', url, { text: 'Not mine to write' });
    expect(refused.status).toBe(403);
    expect((await asOperator(t, ops, 'support', 'POST', url, { text: '' })).status).toBe(422);
    const tooLong = await asOperator(t, ops, 'support', 'POST', url, { text: 'x'.repeat(2001) });
    expect(tooLong.status).toBe(422);

    const listed = await asOperator(t, ops, 'finance', 'GET', url);
    expect(listed.body.data.notes).toMatchObject([
      { text: 'Second note', authorEmail: 'admin@ops.example.com' },
      { text: 'Called about KYC', authorEmail: 'support@ops.example.com' },
    ]);
    expect((await auditOf(t, member.id)).map((r) => r.action)).toEqual([
      'member.add_note',
      'member.add_note',
    ]);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await asOperator(t, ops, 'support', 'GET', `members/${id}/notes`)).status).toBe(404);
      const add = await asOperator(t, ops, 'support', 'POST', `members/${id}/notes`, { text: 'a' });
      expect(add.status).toBe(404);
    }
  });

  it('never reach the member, and the database refuses to change or remove them', async () => {
    const member = await registerMember(t, 'ROOT2345');
    const text = `Secret note ${member.id}`;
    await asOperator(t, ops, 'support', 'POST', `members/${member.id}/notes`, { text });
    const asMember = await call(t.app, 'GET', `operator/members/${member.id}/notes`, undefined, {
      token: member.token,
    });
    expect(asMember.status).toBe(403);
    expect(JSON.stringify(asMember.body)).not.toContain('Secret note');
    for (const path of ['auth/me', 'notification']) {
      const seen = await call(t.app, 'GET', path, undefined, { token: member.token });
      expect(seen.status).toBe(200);
      expect(JSON.stringify(seen.body)).not.toContain('Secret note');
    }

    const refusal = (on: Executor, statement: SQL) =>
      on.execute(statement).then(
        () => null,
        (caught: unknown) => caught as { cause?: { code?: string } },
      );
    for (const statement of [
      sql`update member_notes set text = 'forged'`,
      sql`delete from member_notes`,
    ]) {
      expect((await refusal(t.ctx.database.db, statement))?.cause?.code).toBe('42501');
    }
    const listed = await asOperator(t, ops, 'support', 'GET', `members/${member.id}/notes`);
    expect(listed.body.data.notes).toMatchObject([{ text }]);
  });
});
