import { eq } from 'drizzle-orm';
import { MOBILE_NUMBER_PATTERN, type OperatorMemberDetail } from '@app/contracts';
import { callingCodeOf } from '@app/contracts/phone-numbering';
import type { Executor } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { getMemberBalances } from '../../ledger/index.ts';
import { activeInvestment, walletsView } from '../../core/member-statement.ts';
import { loadCurrentPlan } from '../../core/plan.ts';
import { readTeamInfo } from '../../core/team-info.ts';
import { toMemberItem, withSponsor, type ItemRow } from './member-search.ts';

/** The local number India's rule takes; what precedes it is the dial code. */
const LOCAL_DIGITS = 10;

/**
 * The dial code of a stored mobile number: its calling code by the numbering plan (E.164 numbers
 * of any length, decision 0051), or, for a number the plan cannot read, what precedes the 10
 * digits India's rule stores.
 */
const dialCodeOf = (mobile: string) =>
  callingCodeOf(mobile) ??
  (MOBILE_NUMBER_PATTERN.test(mobile) ? mobile.slice(0, -LOCAL_DIGITS) : null);

export async function findMemberRow(db: Executor, memberId: string): Promise<ItemRow | null> {
  const [row] = await withSponsor(db).where(eq(members.id, memberId));
  return row ?? null;
}

/**
 * GET operator/members/:id: who the member is, their wallets, the packages still earning and
 * their team's figures exactly as the member's own team screen reads them; null when unknown.
 */
export async function readMemberDetail(
  db: Executor,
  memberId: string,
  now: Date,
): Promise<OperatorMemberDetail | null> {
  const row = await findMemberRow(db, memberId);
  if (!row) return null;
  const plan = await loadCurrentPlan(db);
  const [balances, active, team] = await Promise.all([
    getMemberBalances(db, memberId),
    activeInvestment(db, memberId, now),
    readTeamInfo(db, memberId, now, plan.settings.timeZone),
  ]);
  const { teamBusinessMicros: _micros, ...teamInfo } = team;
  return {
    profile: {
      ...toMemberItem(row),
      sponsorName: row.sponsorName,
      payoutAddress: row.payoutAddress,
      dialCode: dialCodeOf(row.mobile),
    },
    wallets: walletsView(balances),
    packages: { active: active.packages, amount: active.amount },
    team: teamInfo,
  };
}
