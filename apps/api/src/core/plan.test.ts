import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { createPgliteTestDatabase } from '../testing/database.ts';
import { forgetCachedPlan, loadCurrentPlan } from './plan.ts';

let database: Database;
beforeAll(async () => {
  database = await createPgliteTestDatabase();
});
afterAll(() => database.close());

const addVersion = async (version: number, settings: unknown) => {
  await database.db.execute(
    sql`insert into plan_versions (version, settings, created_at) values (${version}, ${JSON.stringify(settings)}::jsonb, now())`,
  );
  forgetCachedPlan(database.db);
};

describe('the versioned plan', () => {
  it('starts at version 1 from the migration: UTC days, unclaimed days carried', async () => {
    expect(await loadCurrentPlan(database.db)).toEqual({
      version: 1,
      settings: { timeZone: 'UTC', missedDays: 'carry' },
    });
  });

  it('uses the highest version, keeps settings of other modules and fills defaults', async () => {
    await addVersion(2, { missedDays: 'forfeit', weeklyIncome: { rate: 1 } });
    expect(await loadCurrentPlan(database.db)).toEqual({
      version: 2,
      settings: { timeZone: 'UTC', missedDays: 'forfeit', weeklyIncome: { rate: 1 } },
    });
  });

  it('caches for a few seconds, so an edit applies once the cache is dropped', async () => {
    await database.db.execute(
      sql`insert into plan_versions (version, settings, created_at) values (3, '{}'::jsonb, now())`,
    );
    expect((await loadCurrentPlan(database.db)).version).toBe(2);
    forgetCachedPlan(database.db);
    expect((await loadCurrentPlan(database.db)).version).toBe(3);
  });

  it('refuses an invalid plan instead of guessing', async () => {
    await addVersion(4, { timeZone: 'Mars/Olympus', missedDays: 'carry' });
    await expect(loadCurrentPlan(database.db)).rejects.toThrow(
      /plan version 4 is invalid.*IANA time zone/s,
    );
    await addVersion(5, { missedDays: 'sometimes' });
    await expect(loadCurrentPlan(database.db)).rejects.toThrow(/plan version 5 is invalid/);
  });
});
