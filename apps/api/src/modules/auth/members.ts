import { sql } from 'drizzle-orm';
import type { MemberView } from '@app/contracts';
import { queryRows, type Executor } from '../../db/client.ts';

type MemberRow = {
  id: string;
  name: string;
  email: string;
  mobile: string;
  referral_code: string;
  email_verified_at: string | Date | null;
  created_at: string | Date;
  sponsor_name: string | null;
  sponsor_code: string | null;
};

/** The member as sign-in's `data.user` shows them (never the hash, never another's data). */
export async function findMemberView(db: Executor, memberId: string): Promise<MemberView | null> {
  const result = await queryRows<MemberRow>(
    db,
    sql`
    select m.id, m.name, m.email, m.mobile, m.referral_code, m.email_verified_at, m.created_at,
           s.name as sponsor_name, s.referral_code as sponsor_code
    from members m left join members s on s.id = m.sponsor_id
    where m.id = ${memberId}`,
  );
  const row = result[0];
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    referral_code: row.referral_code,
    sponsor:
      row.sponsor_name && row.sponsor_code
        ? { name: row.sponsor_name, referralCode: row.sponsor_code }
        : null,
    verified: row.email_verified_at !== null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export type MemberCredentials = {
  id: string;
  passwordHash: string;
  status: string;
  email: string;
  emailVerified: boolean;
};

/** Looks a member up by Registered ID (already upper-cased) or by email (lower-cased). */
export async function findMemberByLogin(
  db: Executor,
  loginIdOrEmail: string,
): Promise<MemberCredentials | null> {
  const value = loginIdOrEmail.trim();
  const result = await queryRows<{
    id: string;
    password_hash: string;
    status: string;
    email: string;
    email_verified_at: unknown;
  }>(
    db,
    sql`
    select id, password_hash, status, email, email_verified_at from members
    where referral_code = ${value.toUpperCase()} or email = ${value.toLowerCase()}
    limit 1`,
  );
  const row = result[0];
  return row
    ? {
        id: row.id,
        passwordHash: row.password_hash,
        status: row.status,
        email: row.email,
        emailVerified: row.email_verified_at != null,
      }
    : null;
}
