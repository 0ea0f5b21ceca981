import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PLAN_DEFAULTS } from '@app/contracts';
import type { Database } from '../db/client.ts';
import { createPgliteTestDatabase } from '../testing/database.ts';
import { forgetCachedPlan, loadCurrentPlan, loadPlanAt } from './plan.ts';

// A database per test: each adds versions and reads which one is in force.
let database: Database;
beforeEach(async () => {
  database = await createPgliteTestDatabase();
});
afterEach(() => database.close());

const addVersion = async (version: number, settings: unknown, createdAt = new Date()) => {
  await database.db.execute(
    sql`insert into plan_versions (version, settings, created_at)
    values (${version}, ${JSON.stringify(settings)}::jsonb, ${createdAt.toISOString()}::timestamptz)`,
  );
  forgetCachedPlan(database.db);
};

describe('the versioned plan', () => {
  it('is the whole default plan from the migrations, in exact units', async () => {
    const plan = await loadCurrentPlan(database.db);
    expect(plan.version).toBe(2);
    expect(plan.document).toEqual(PLAN_DEFAULTS);
    expect(plan.settings).toEqual({
      timeZone: 'UTC',
      missedDays: 'carry',
      compoundingDailyRate: 1_000,
      purchaseRates: [50_000, 20_000, 10_000, 10_000, 5_000, 5_000, 0, 0, 0, 0],
      teamProfitRates: [
        100_000, 50_000, 30_000, 20_000, 10_000, 10_000, 10_000, 10_000, 5_000, 5_000,
      ],
      directsRequired: [1, 1, 2, 2, 3, 3, 4, 4, 5, 5],
      weeklyTiers: [
        { fromBusiness: 1_000_000_000n, rate: 10_000 },
        { fromBusiness: 5_000_000_000n, rate: 15_000 },
        { fromBusiness: 25_000_000_000n, rate: 20_000 },
      ],
      ranks: [
        {
          name: 'Bronze',
          teamBusiness: 5_000_000_000n,
          activeDirects: 3,
          monthlySalary: 50_000_000n,
          reward: 25_000_000n,
        },
        {
          name: 'Silver',
          teamBusiness: 25_000_000_000n,
          activeDirects: 5,
          monthlySalary: 250_000_000n,
          reward: 100_000_000n,
        },
        {
          name: 'Gold',
          teamBusiness: 100_000_000_000n,
          activeDirects: 8,
          monthlySalary: 1_000_000_000n,
          reward: 500_000_000n,
        },
        {
          name: 'Platinum',
          teamBusiness: 500_000_000_000n,
          activeDirects: 10,
          monthlySalary: 5_000_000_000n,
          reward: 2_500_000_000n,
        },
        {
          name: 'Diamond',
          teamBusiness: 2_000_000_000_000n,
          activeDirects: 15,
          monthlySalary: 20_000_000_000n,
          reward: 10_000_000_000n,
        },
      ],
      incomeCapHundredths: null,
    });
  });

  it('reads version 1, which predates the rates, with the defaults it was run under', async () => {
    const first = await loadPlanAt(database.db, new Date('2000-01-01T00:00:00Z'));
    expect(first.version).toBe(1);
    expect(first.document).toEqual(PLAN_DEFAULTS);
  });

  it('uses the highest version, and caches it for a few seconds', async () => {
    await addVersion(3, { ...PLAN_DEFAULTS, missedDays: 'forfeit', incomeCapMultiple: 2.5 });
    const plan = await loadCurrentPlan(database.db);
    expect(plan.version).toBe(3);
    expect(plan.settings).toMatchObject({ missedDays: 'forfeit', incomeCapHundredths: 250 });
    await addVersion(4, PLAN_DEFAULTS);
    expect((await loadCurrentPlan(database.db)).version).toBe(4);
    await database.db.execute(
      sql`insert into plan_versions (version, settings, created_at) values (5, '{}'::jsonb, now())`,
    );
    expect((await loadCurrentPlan(database.db)).version).toBe(4);
    forgetCachedPlan(database.db);
    expect((await loadCurrentPlan(database.db)).version).toBe(5);
  });

  it('knows which version was in force at an instant', async () => {
    const noon = new Date('2030-06-05T12:00:00Z');
    await addVersion(3, { ...PLAN_DEFAULTS, referralBonusPercentage: 6 }, noon);
    expect((await loadPlanAt(database.db, noon)).version).toBe(2);
    const after = await loadPlanAt(database.db, new Date('2030-06-05T12:00:00.001Z'));
    expect(after.version).toBe(3);
    expect(after.settings.purchaseRates[0]).toBe(60_000);
  });

  it('refuses an invalid plan instead of guessing', async () => {
    await addVersion(3, { timeZone: 'Mars/Olympus', missedDays: 'carry' });
    await expect(loadCurrentPlan(database.db)).rejects.toThrow(
      /plan version 3 is invalid.*IANA time zone/s,
    );
    await addVersion(4, { missedDays: 'sometimes' });
    await expect(loadCurrentPlan(database.db)).rejects.toThrow(/plan version 4 is invalid/);
  });
});
