// Helpers for the operator-members suites (imported by tests only): operators of each role with
// sessions at the clock's now, registered members, and what an action wrote.
import { sql } from 'drizzle-orm';
import type { OperatorRole } from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { createOperatorSession } from '../../core/sessions/operator-sessions.ts';
import { signInOperator } from '../../testing/operators.ts';
import { call, signUp, type SignedUp } from '../../testing/requests.ts';
import type { TestApp } from '../../testing/test-app.ts';

const ROLES: OperatorRole[] = ['admin', 'finance', 'support'];

export type Operators = Record<OperatorRole, string>;

/** One operator of each role; returns their ids (sessions are made per call, at the clock's now). */
export async function createOperators(t: TestApp): Promise<Operators> {
  const ids: Partial<Operators> = {};
  for (const role of ROLES) {
    const token = await signInOperator(t, `${role}@ops.example.com`, role);
    const me = await call(t.app, 'GET', 'operator/auth/me', undefined, { token });
    ids[role] = me.body.data.id as string;
  }
  return ids as Operators;
}

/** A request to operator/<url> as the operator of `role`, in a session opened now. */
export async function asOperator(
  t: TestApp,
  operators: Operators,
  role: OperatorRole,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
) {
  const token = await createOperatorSession(t.ctx.database.db, {
    operatorId: operators[role],
    now: t.clock.now(),
    ip: '127.0.0.1',
    userAgent: 'operator-members-test',
  });
  return call(t.app, method, `operator/${url}`, body, { token });
}

export type Registered = SignedUp & { id: string };

/** A member registered through the API under `sponsorCode` and signed in (email unverified). */
export async function registerMember(
  t: TestApp,
  sponsorCode: string,
  overrides: Parameters<typeof signUp>[3] = {},
): Promise<Registered> {
  const signed = await signUp(t.app, t.smtp, sponsorCode, overrides);
  return { ...signed, id: await memberIdOf(t, signed.code) };
}

export async function memberIdOf(t: TestApp, code: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.ctx.database.db,
    sql`select id from members where referral_code = ${code}`,
  );
  if (!row) throw new Error(`no member ${code}`);
  return row.id;
}

/** The audit rows about one member, oldest first, with the acting operator's role. */
export const auditOf = (t: TestApp, memberId: string) =>
  queryRows<{ action: string; role: string; detail: Record<string, unknown> | null }>(
    t.ctx.database.db,
    sql`select a.action, o.role, a.detail from audit_log a join operators o on o.id = a.operator_id
      where a.target_type = 'member' and a.target_id = ${memberId} order by a.id`,
  );

/** The member's notifications of one kind, oldest first. */
export const notificationsOf = (t: TestApp, memberId: string, kind: string) =>
  queryRows<{ message: string; link: string | null }>(
    t.ctx.database.db,
    sql`select message, link from notifications where member_id = ${memberId} and kind = ${kind}
      order by created_at, id`,
  );
