import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Executor } from '../client.ts';
import { members } from '../schema/members.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createReferralCode } from '../../lib/secrets.ts';
import { openMemberAccounts, withTransaction } from '../../ledger/index.ts';
import { notifyMember } from '../../core/notifications.ts';
import { loadCurrentPlan, type Plan } from '../../core/plan.ts';
import { joinTeam } from '../../core/team.ts';
import type { AppConfig } from '../../config/env.ts';
import { seedDemoActivity, type DemoMember } from './demo-activity.ts';
import { demoOperator, markHistoryMailsSent, type DemoSite } from './demo-money.ts';

export const DEMO_ROOT_CODE = 'DEMOROOT';

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

/** A demo member's own mobile number, by India's rule (10 digits from 6-9), one per member. */
export const demoMobile = (index: number) => `+91${9_100_000_000 + index * 1_234_567}`;

/**
 * First start of a demo: DEMOROOT and a team of a few dozen members over five levels, then ten
 * weeks of the team's life before now (demo-activity.ts): deposits confirmed, packages bought,
 * profit claimed, incomes paid and withdrawals paid, DEMOROOT keeping $10,000 in its fund wallet.
 * Every balance is that history, moved by the operator (the first admin, made before this runs)
 * as a real one is. Does nothing once DEMOROOT exists, so restarts keep what the demo has done
 * since.
 */
export async function seedDemo(
  db: Db,
  input: { password: string; now: Date; site: Pick<AppConfig, 'publicUrl' | 'explorers'> },
): Promise<boolean> {
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
  const site: DemoSite = { ...input.site, operator: await demoOperator(db), written: [] };
  const team: DemoMember[] = [];
  const root = await withTransaction(db, async (tx) => {
    const rootId = await insertDemoMember(tx, {
      code: DEMO_ROOT_CODE,
      name: 'Demo Root',
      email: 'demoroot@example.com',
      mobile: demoMobile(0),
      sponsorId: null,
      passwordHash,
      plan,
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
          mobile: demoMobile(index + 1),
          sponsorId,
          passwordHash,
          plan,
          now: joinedAt,
        });
        level.push(id);
        team.push({ id, level: depth + 1, index: i, serial: index + 1, joinedAt });
      }
      sponsors = level;
    }
    return { id: rootId, level: 0, index: 0, serial: 0, joinedAt: start };
  });
  await seedDemoActivity(db, { root, team, plan, site }, input.now);
  await markHistoryMailsSent(db, site);
  return true;
}

export async function insertDemoMember(
  tx: Executor,
  input: {
    code: string;
    name: string;
    email: string;
    /** The registration's default when a test does not care. */
    mobile?: string;
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
      mobile: input.mobile ?? '+919876543210',
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
