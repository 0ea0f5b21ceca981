import { sql } from 'drizzle-orm';
import type { SecondFactorMethod } from '@app/contracts';
import { queryRows, type Executor } from '../../db/client.ts';

// Which second factors a member has (decisions 0045 and 0048): the authenticator app, passkeys,
// or both. With any of them on, sign-in takes a second step and money needs step-up; recovery
// codes stand in for whichever was lost.

/** The factors a second step or a step-up may take from this member; empty when none is on. */
export async function secondFactorMethodsOf(
  db: Executor,
  memberId: string,
): Promise<SecondFactorMethod[]> {
  const [row] = await queryRows<{ totp: boolean; passkeys: boolean }>(
    db,
    sql`select
      exists (select 1 from member_totp where member_id = ${memberId} and confirmed_at is not null) as totp,
      exists (select 1 from member_passkeys where member_id = ${memberId}) as passkeys`,
  );
  if (!row || (!row.totp && !row.passkeys)) return [];
  return [
    ...(row.totp ? (['totp'] as const) : []),
    ...(row.passkeys ? (['passkey'] as const) : []),
    'recovery-code',
  ];
}

export async function hasSecondFactor(db: Executor, memberId: string): Promise<boolean> {
  return (await secondFactorMethodsOf(db, memberId)).length > 0;
}
