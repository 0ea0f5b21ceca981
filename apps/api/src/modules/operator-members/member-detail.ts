import { eq } from 'drizzle-orm';
import { MOBILE_NUMBER_PATTERN, type OperatorMemberDetail } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { getMemberBalances } from '../../ledger/index.ts';
import { activeInvestment, walletsView } from '../../core/member-statement.ts';
import { loadCurrentPlan } from '../../core/plan.ts';
import { readTeamInfo } from '../../core/team-info.ts';
import { toMemberItem, withSponsor, type ItemRow } from './member-search.ts';

/** The local number the registration form asks for; what precedes it is the dial code. */
const LOCAL_DIGITS = 10;

/** The dial code of a mobile number stored as registration joins it (+91 then 10 digits). */
const dialCodeOf = (mobile: string) =>
  MOBILE_NUMBER_PATTERN.test(mobile) ? mobile.slice(0, -LOCAL_DIGITS) : null;

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
