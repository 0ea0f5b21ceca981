import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';

describe('JOBS and COMPOUNDING_BATCH_SIZE', () => {
  it('runs the jobs unless switched off or under NODE_ENV=test', () => {
    expect(loadConfig({}).jobs).toEqual({ enabled: true, compoundingBatchSize: 200 });
    expect(loadConfig({ NODE_ENV: 'test' }).jobs.enabled).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', JOBS: 'on' }).jobs.enabled).toBe(true);
    expect(loadConfig({ JOBS: 'off' }).jobs.enabled).toBe(false);
    expect(loadConfig({ COMPOUNDING_BATCH_SIZE: '5' }).jobs.compoundingBatchSize).toBe(5);
  });

  it('refuses a bad value naming the variable', () => {
    expect(() => loadConfig({ JOBS: 'yes' })).toThrow(/JOBS/);
    expect(() => loadConfig({ COMPOUNDING_BATCH_SIZE: '0' })).toThrow(/COMPOUNDING_BATCH_SIZE/);
    expect(() => loadConfig({ COMPOUNDING_BATCH_SIZE: '10001' })).toThrow(/COMPOUNDING_BATCH_SIZE/);
  });
});
