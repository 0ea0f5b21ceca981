import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Executor } from '../client.ts';
import { members } from '../schema/members.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createReferralCode } from '../../lib/secrets.ts';
import { adjustMemberBalance, openMemberAccounts, withTransaction } from '../../ledger/index.ts';
import { notifyMember } from '../../core/notifications.ts';
import { loadCurrentPlan, type Plan } from '../../core/plan.ts';
import { joinTeam } from '../../core/team.ts';
import { seedDemoActivity, type DemoMember } from './demo-activity.ts';

export const DEMO_ROOT_CODE = 'DEMOROOT';
export const DEMO_ROOT_FUND_MICROS = 10_000_000_000n; // $10,000

const FIRST = [
  'Aarav',
  'Maya',
  'Liam',
  'Sofia',
  'Noah',
  'Amara',
  'Ethan',
  'Priya',
  'Lucas',
  'Zara',
  'Omar',
  'Elena',
  'Kenji',
  'Chloe',
  'Mateo',
  'Aisha',
  'Daniel',
  'Leila',
  'Hugo',
  'Nadia',
];
const LAST = [
  'Sharma',
  'Okafor',
  'Nguyen',
  'Rossi',
  'Kowalski',
  'Haddad',
  'Silva',
  'Tanaka',
  'Mensah',
  'Fischer',
  'Costa',
  'Ivanova',
];

/** The demo team: how many members each level holds below DEMOROOT (36 in all over 5 levels). */
const LEVEL_SIZES = [5, 9, 11, 7, 4];
/** The demo's history begins this long before the first start (see demo-activity.ts). */
const HISTORY_MS = 70 * 86_400_000;
/** Each level joins this long after the one above it; members of a level 5 hours apart. */
const LEVEL_GAP_MS = 7 * 86_400_000;
const MEMBER_GAP_MS = 5 * 3_600_000;

/**
 * First start of a demo: DEMOROOT, a team of a few dozen members over five levels, and
 * $10,000 in DEMOROOT's fund wallet through an adjustment transfer, then ten weeks of the team's
 * activity before now (demo-activity.ts). Does nothing once DEMOROOT exists, so restarts keep
 * whatever the demo has done since.
 */
export async function seedDemo(db: Db, input: { password: string; now: Date }): Promise<boolean> {
  const existing = await queryRows(
    db,
    sql`select 1 from members where referral_code = ${DEMO_ROOT_CODE}`,
  );
  if (existing.length > 0) return false;
  const [passwordHash, plan] = await Promise.all([
    hashPassword(input.password),
    loadCurrentPlan(db),
  ]);
  const start = new Date(input.now.getTime() - HISTORY_MS);
  const team: DemoMember[] = [];
  const root = await withTransaction(db, async (tx) => {
    const rootId = await insertDemoMember(tx, {
      code: DEMO_ROOT_CODE,
      name: 'Demo Root',
      email: 'demoroot@example.com',
      sponsorId: null,
      passwordHash,
      plan,
      now: start,
    });
    await adjustMemberBalance(tx, {
      memberId: rootId,
      wallet: 'fund',
      amount: DEMO_ROOT_FUND_MICROS,
      reference: 'demo:opening-fund:DEMOROOT',
      reason: 'Demo opening balance',
      now: start,
    });
    let sponsors = [rootId];
    let index = 0;
    for (const [depth, size] of LEVEL_SIZES.entries()) {
      const level: string[] = [];
      for (let i = 0; i < size; i++, index++) {
        const first = FIRST[index % FIRST.length] ?? 'Member';
        const last = LAST[(index * 7) % LAST.length] ?? 'Demo';
        const sponsorId = sponsors[i % sponsors.length] ?? rootId;
        const joinedAt = new Date(start.getTime() + depth * LEVEL_GAP_MS + (i + 1) * MEMBER_GAP_MS);
        const id = await insertDemoMember(tx, {
          code: createReferralCode(),
          name: `${first} ${last}`,
          email: `${first}.${last}.${index}@example.com`.toLowerCase(),
          sponsorId,
          passwordHash,
          plan,
          now: joinedAt,
        });
        level.push(id);
        team.push({ id, level: depth + 1, index: i, joinedAt });
      }
      sponsors = level;
    }
    return { id: rootId, level: 0, index: 0, joinedAt: start };
  });
  await seedDemoActivity(db, root, team, input.now);
  return true;
}

export async function insertDemoMember(
  tx: Executor,
  input: {
    code: string;
    name: string;
    email: string;
    sponsorId: string | null;
    passwordHash: string;
    plan: Plan;
    now: Date;
  },
): Promise<string> {
  const [row] = await tx
    .insert(members)
    .values({
      referralCode: input.code,
      sponsorId: input.sponsorId,
      name: input.name,
      email: input.email,
      mobile: '+919876543210',
      passwordHash: input.passwordHash,
      emailVerifiedAt: input.now,
      createdAt: input.now,
    })
    .returning({ id: members.id });
  if (!row) throw new Error('demo member insert returned no row');
  await joinTeam(
    tx,
    { memberId: row.id, sponsorId: input.sponsorId, joinedAt: input.now },
    input.plan,
  );
  await openMemberAccounts(tx, row.id, input.now);
  await notifyMember(
    tx,
    row.id,
    `Welcome ${input.name}! Your Registered ID is ${input.code}.`,
    input.now,
  );
  return row.id;
}
