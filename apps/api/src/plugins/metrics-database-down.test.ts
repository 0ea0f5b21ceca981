import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createPgliteTestDatabase } from '../testing/database.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// /metrics reads the count of mails given up on from the database at each scrape. The process
// metrics matter most while the database is down, so that read must not fail the scrape.

let database: Database;
let t: TestApp;

beforeAll(async () => {
  database = await createPgliteTestDatabase();
  t = await createTestApp({ database });
});
afterAll(() => t.close());

describe('/metrics while the database is down', () => {
  it('still answers, the mail gauge at its last value', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(before.body).toMatch(/^mail_outbox_failed 0$/m);
    await database.close();
    const during = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(during.statusCode).toBe(200);
    expect(during.body).toMatch(/^process_cpu_user_seconds_total /m);
    expect(during.body).toMatch(/^mail_outbox_failed 0$/m);
  });
});
