import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';

describe('JOBS and the batch sizes of the runs', () => {
  it('runs the jobs unless switched off or under NODE_ENV=test', () => {
    expect(loadConfig({}).jobs).toEqual({
      enabled: true,
      compoundingBatchSize: 200,
      incomeRunBatchSize: 5_000,
      settlementBatchSize: 2_000,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).jobs.enabled).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', JOBS: 'on' }).jobs.enabled).toBe(true);
    expect(loadConfig({ JOBS: 'off' }).jobs.enabled).toBe(false);
    expect(
      loadConfig({
        COMPOUNDING_BATCH_SIZE: '5',
        INCOME_RUN_BATCH_SIZE: '7',
        SETTLEMENT_BATCH_SIZE: '9',
      }).jobs,
    ).toMatchObject({ compoundingBatchSize: 5, incomeRunBatchSize: 7, settlementBatchSize: 9 });
  });

  it('refuses a bad value naming the variable', () => {
    expect(() => loadConfig({ JOBS: 'yes' })).toThrow(/JOBS/);
    expect(() => loadConfig({ COMPOUNDING_BATCH_SIZE: '0' })).toThrow(/COMPOUNDING_BATCH_SIZE/);
    expect(() => loadConfig({ COMPOUNDING_BATCH_SIZE: '10001' })).toThrow(/COMPOUNDING_BATCH_SIZE/);
    expect(() => loadConfig({ INCOME_RUN_BATCH_SIZE: '0' })).toThrow(/INCOME_RUN_BATCH_SIZE/);
    expect(() => loadConfig({ SETTLEMENT_BATCH_SIZE: 'many' })).toThrow(/SETTLEMENT_BATCH_SIZE/);
  });
});
