import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_VERIFICATION_REQUIREMENTS } from '../../core/verification-records.ts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { fundedMember } from '../../testing/members.ts';
import { signInOperator } from '../../testing/operators.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { minimalPdf } from '../../core/member-files/test-files.ts';
import { asMember, asOperator, FIELDS, submitAll, upload } from '../../testing/verification.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.ctx.database.db;
const auditOf = (id: string) =>
  queryRows<{ action: string; email: string; detail: Record<string, unknown> }>(
    db(),
    sql`select a.action, o.email, a.detail from audit_log a join operators o on o.id = a.operator_id
      where a.target_type = 'verification' and a.target_id = ${id} order by a.id`,
  );
const documentAs = async (role: 'admin' | 'support' | 'finance', id: string, documentId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/operator/verification/${id}/documents/${documentId}`,
    headers: {
      authorization: `Bearer ${await signInOperator(t, `${role}@ops.example.com`, role)}`,
    },
  });

describe('the verification queue', () => {
  it('lists submissions in review longest waiting first, filtered by age', async () => {
    const first = await submitAll(t, await fundedMember(t, 0n));
    t.clock.advance(2 * DAY_MS);
    const second = await submitAll(t, await fundedMember(t, 0n));
    const all = await asOperator(t, 'finance', 'GET', 'verification');
    const ids = (all.body.data.data as { id: string }[]).map((item) => item.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    const old = await asOperator(t, 'finance', 'GET', 'verification?age=over-1-day');
    const oldIds = (old.body.data.data as { id: string }[]).map((item) => item.id);
    expect(oldIds).toContain(first);
    expect(oldIds).not.toContain(second);
    const bad = await asOperator(t, 'finance', 'GET', 'verification?status=lost');
    expect(bad.status).toBe(422);
  });

  it('shows finance the status only, and reviewers the details and documents', async () => {
    const id = await submitAll(t, await fundedMember(t, 0n));
    const finance = await asOperator(t, 'finance', 'GET', `verification/${id}`);
    expect(finance.body.data).toMatchObject({ status: 'submitted', fields: null, documents: null });
    const support = await asOperator(t, 'support', 'GET', `verification/${id}`);
    expect(support.body.data.fields).toEqual(FIELDS);
    expect(support.body.data.documents).toHaveLength(3);
    expect((await asOperator(t, 'support', 'GET', 'verification/not-an-id')).status).toBe(404);
  });
});

describe('documents', () => {
  it('streams to reviewers only, never cached, each view audited; finance gets 403', async () => {
    const memberId = await fundedMember(t, 0n);
    const id = await submitAll(t, memberId);
    const { documents } = (await asOperator(t, 'support', 'GET', `verification/${id}`)).body.data;
    const selfie = (documents as { id: string; kind: string }[]).find((d) => d.kind === 'selfie')!;

    const shown = await documentAs('support', id, selfie.id);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store, private');
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect(shown.headers['content-security-policy']).toMatch(/^sandbox/);
    expect(shown.rawPayload.equals(minimalPdf())).toBe(true);

    const finance = await documentAs('finance', id, selfie.id);
    expect(finance.statusCode).toBe(403);
    // A document of another submission is not reachable through this one.
    const otherId = await submitAll(t, await fundedMember(t, 0n));
    expect((await documentAs('admin', otherId, selfie.id)).statusCode).toBe(404);

    expect(await auditOf(id)).toEqual([
      {
        action: 'verification.document-viewed',
        email: 'support@ops.example.com',
        detail: { memberId, documentId: selfie.id, kind: 'selfie', role: 'support' },
      },
    ]);
  });
});

describe('decisions', () => {
  it('asks for one document again: the member replaces only it and submits again', async () => {
    const memberId = await fundedMember(t, 0n);
    const id = await submitAll(t, memberId);
    const asked = await asOperator(t, 'support', 'POST', `verification/${id}/decide`, {
      decision: 'request-document',
      document: 'selfie',
      note: 'Your face is cut off',
    });
    expect(asked.status).toBe(200);
    const status = (await asMember(t, memberId, 'GET', 'verification')).body.data;
    expect(status).toMatchObject({
      status: 'resubmission-requested',
      requestedDocument: { kind: 'selfie', note: 'Your face is cut off' },
      fields: FIELDS,
    });
    expect((status.kept as { kind: string }[]).map((d) => d.kind).sort()).toEqual([
      'id-back',
      'id-front',
    ]);
    expect((await upload(t, memberId, 'selfie', minimalPdf())).status).toBe(200);
    const again = await asMember(t, memberId, 'POST', 'verification/submit', {
      country: 'IN',
      fields: FIELDS,
    });
    expect(again.status).toBe(200);
    const queue = await asOperator(t, 'support', 'GET', 'verification?pageSize=100');
    const next = (queue.body.data.data as { id: string; memberId: string }[]).find(
      (item) => item.memberId === memberId,
    )!;
    const detail = (await asOperator(t, 'support', 'GET', `verification/${next.id}`)).body.data;
    expect((detail.documents as { kind: string }[]).map((d) => d.kind).sort()).toEqual([
      'id-back',
      'id-front',
      'selfie',
    ]);
  });

  it('rejects with a reason the member sees, told in the app and by mail, audited', async () => {
    const memberId = await fundedMember(t, 0n);
    const id = await submitAll(t, memberId);
    const noNote = await asOperator(t, 'support', 'POST', `verification/${id}/decide`, {
      decision: 'reject',
      reason: 'other',
    });
    expect(noNote.status).toBe(422);
    expect(noNote.body.message[0].validation_results[0].field).toBe('note');
    const rejected = await asOperator(t, 'support', 'POST', `verification/${id}/decide`, {
      decision: 'reject',
      reason: 'expired',
      note: 'Expired in 2024',
    });
    expect(rejected.status).toBe(200);
    const status = (await asMember(t, memberId, 'GET', 'verification')).body.data;
    expect(status).toMatchObject({
      status: 'rejected',
      rejection: { reason: 'The document has expired', note: 'Expired in 2024' },
      kept: [],
    });
    const notices = await queryRows<{ message: string }>(
      db(),
      sql`select message from notifications where member_id = ${memberId} order by created_at, id`,
    );
    expect(notices.map((n) => n.message)).toContain(
      'Your identity verification was rejected: see what to fix',
    );
    await t.mailsDelivered();
    expect(
      t.smtp.mails.some((mail) => mail.subject === 'Your identity verification needs another try'),
    ).toBe(true);
    expect((await auditOf(id)).map((row) => row.action)).toEqual(['verification.reject']);
  });

  it('approves once: a second reviewer is told who decided; finance may not decide', async () => {
    const memberId = await fundedMember(t, 0n);
    const id = await submitAll(t, memberId);
    const finance = await asOperator(t, 'finance', 'POST', `verification/${id}/decide`, {
      decision: 'approve',
    });
    expect(finance.status).toBe(403);
    const first = await asOperator(t, 'admin', 'POST', `verification/${id}/decide`, {
      decision: 'approve',
    });
    expect(first.status).toBe(200);
    const second = await asOperator(t, 'support', 'POST', `verification/${id}/decide`, {
      decision: 'reject',
      reason: 'unreadable',
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(
      'This submission was already approved by admin@ops.example.com',
    );
    const status = (await asMember(t, memberId, 'GET', 'verification')).body.data;
    expect(status.status).toBe('approved');
  });
});

describe('requirements', () => {
  // The tests run in a shuffled order on one app: the others submit by the default requirements.
  afterEach(async () => {
    const restored = await asOperator(
      t,
      'admin',
      'PUT',
      'verification-requirements',
      DEFAULT_VERIFICATION_REQUIREMENTS,
    );
    expect(restored.status).toBe(200);
  });

  it('publishes a new version per country; new submissions follow it, approved members stay', async () => {
    const published = await asOperator(t, 'admin', 'PUT', 'verification-requirements', {
      default: { documents: ['id-front', 'selfie'], fields: ['legalName'] },
      countries: [
        {
          countries: ['DE', 'fr'],
          documents: ['id-front', 'proof-of-address'],
          fields: ['address'],
        },
      ],
    });
    expect(published.status).toBe(200);
    expect(published.body.data.version).toBe(2);
    expect(
      (
        await asOperator(
          t,
          'support',
          'PUT',
          'verification-requirements',
          published.body.data.requirements,
        )
      ).status,
    ).toBe(403);

    const memberId = await fundedMember(t, 0n);
    await upload(t, memberId, 'id-front', minimalPdf());
    const missing = await asMember(t, memberId, 'POST', 'verification/submit', {
      country: 'FR',
      fields: {},
    });
    expect(
      (missing.body.message[0].validation_results as { field: string }[]).map((r) => r.field),
    ).toEqual(['fields.address', 'documents.proof-of-address']);

    const twice = await asOperator(t, 'admin', 'PUT', 'verification-requirements', {
      default: { documents: ['id-front'], fields: [] },
      countries: [
        { countries: ['DE'], documents: ['id-front'], fields: [] },
        { countries: ['DE'], documents: ['selfie'], fields: [] },
      ],
    });
    expect(twice.status).toBe(422);
    expect(twice.body.message[0].validation_results[0].field).toBe('countries.1.countries');
  });
});
