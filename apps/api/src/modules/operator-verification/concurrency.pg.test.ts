import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { testDatabaseUrl } from '../../testing/database.ts';
import { fundedMember } from '../../testing/members.ts';
import { signInOperator } from '../../testing/operators.ts';
import { call, tallyAnswers } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { minimalPdf } from '../../core/member-files/test-files.ts';
import { asMember, FIELDS, submitAll, upload } from '../../testing/verification.ts';

// Verification on a real PostgreSQL server, where requests really run at the same time on
// separate connections (PGlite has one connection and serialises everything).

let t: TestApp;

describe.skipIf(!testDatabaseUrl)('verification under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await createTestApp({ engine: 'postgres' });
  });
  afterAll(() => t?.close());

  it('of two reviewers deciding at once, one wins and the other is told who did', async () => {
    const memberId = await fundedMember(t, 0n);
    const id = await submitAll(t, memberId);
    const admin = await signInOperator(t, 'admin@ops.example.com', 'admin');
    const support = await signInOperator(t, 'support@ops.example.com', 'support');
    const answers = await Promise.all([
      call(
        t.app,
        'POST',
        `operator/verification/${id}/decide`,
        { decision: 'approve' },
        {
          token: admin,
        },
      ),
      call(
        t.app,
        'POST',
        `operator/verification/${id}/decide`,
        { decision: 'reject', reason: 'unreadable' },
        { token: support },
      ),
    ]);
    expect(tallyAnswers(answers)).toEqual({ '200': 1, '409 CONFLICT': 1 });
    const loser = answers.find((answer) => answer.status === 409)!;
    expect(loser.body.message).toMatch(
      /^This submission was already (approved by admin|rejected by support)@ops\.example\.com$/,
    );
    const audits = await queryRows<{ n: number }>(
      t.ctx.database.db,
      sql`select count(*)::int as n from audit_log where target_id = ${id} and action like 'verification.%'`,
    );
    expect(audits[0]!.n).toBe(1);
  });

  it('of two submits at once, one is taken and the other told it is in review', async () => {
    const memberId = await fundedMember(t, 0n);
    for (const kind of ['id-front', 'id-back', 'selfie'])
      await upload(t, memberId, kind, minimalPdf());
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        asMember(t, memberId, 'POST', 'verification/submit', { country: 'IN', fields: FIELDS }),
      ),
    );
    expect(tallyAnswers(answers)).toEqual({ '200': 1, '409 CONFLICT': 2 });
  });
});
