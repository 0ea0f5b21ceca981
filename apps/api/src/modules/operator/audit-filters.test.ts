import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../core/audit.ts';
import { at } from '../../testing/members.ts';
import { signInOperator } from '../../testing/operators.ts';
import { call } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// Four recorded actions on three days (Monday 03-02 to Wednesday 03-04, UTC) besides the
// operators' sign-ins: the filters must find exactly the ones asked for, and so must the CSV.
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.database.db;
  const entry = (action: string, targetType: string, targetId: string, day: number) =>
    recordAudit(db, {
      operatorId: null,
      action,
      targetType,
      targetId,
      detail: { note: day === 2 ? '=SUM(A1), "quoted"' : 'plain' },
      ip: '10.0.0.9',
      now: at(day, 12),
    });
  await entry('deposit.confirm', 'deposit', 'd-1', 0);
  await entry('deposit.reject', 'deposit', 'd-2', 1);
  await entry('withdrawal.pay', 'withdrawal', 'w-1', 1);
  await entry('deposit.confirm', 'deposit', 'd-3', 2);
  t.clock.set(at(2, 13));
  admin = await signInOperator(t, 'admin-audit@example.com', 'admin');
});
afterAll(() => t.close());

const get = async (path: string, token = admin) =>
  call(t.app, 'GET', `operator/${path}`, undefined, { token });
const targets = (answer: { body: Record<string, any> }) =>
  answer.body.data.data.map((row: { targetId: string }) => row.targetId);

describe('GET operator/audit-log filters', () => {
  it('matches an action by its start, a target and UTC days', async () => {
    expect(targets(await get('audit-log?action=deposit.'))).toEqual(['d-3', 'd-2', 'd-1']);
    expect(targets(await get('audit-log?action=deposit.confirm'))).toEqual(['d-3', 'd-1']);
    expect(targets(await get('audit-log?targetType=withdrawal'))).toEqual(['w-1']);
    expect(targets(await get('audit-log?targetType=deposit&targetId=d-2'))).toEqual(['d-2']);
    expect(targets(await get('audit-log?from=2026-03-03&to=2026-03-03'))).toEqual(['w-1', 'd-2']);
    expect(targets(await get('audit-log?action=deposit.&from=2026-03-03'))).toEqual(['d-3', 'd-2']);
    // LIKE wildcards are plain text in a prefix.
    expect((await get('audit-log?action=%25')).body.data.total).toBe(0);
  });

  it('refuses a bad filter naming it, and anyone but an admin', async () => {
    for (const [query, field] of [
      ['from=03-03-2026', 'from'],
      ['from=2026-03-04&to=2026-03-03', 'to'],
      ['operatorId=nobody', 'operatorId'],
      ['targetId=' + 'x'.repeat(101), 'targetId'],
    ] as const) {
      for (const path of ['audit-log', 'audit-log.csv']) {
        const answer = await get(`${path}?${query}`);
        expect(answer.status, `${path}?${query}`).toBe(422);
        expect(answer.body.message[0].validation_results[0].field).toBe(field);
      }
    }
    const finance = await signInOperator(t, 'finance-audit@example.com', 'finance');
    expect((await get('audit-log.csv', finance)).status).toBe(403);
    const support = await signInOperator(t, 'support-audit@example.com', 'support');
    expect((await get('audit-log', support)).status).toBe(403);
  });

  it('exports the filtered rows as CSV, the detail as guarded JSON text', async () => {
    const answer = await get('audit-log.csv?action=deposit.confirm');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    expect(answer.headers['x-total-count']).toBe('2');
    const lines = (answer.body.raw as string).trimEnd().split('\r\n');
    expect(lines).toEqual([
      'id,createdAt,operatorEmail,action,targetType,targetId,ip,detail',
      expect.stringMatching(
        /^\d+,2026-03-04T12:00:00\.000Z,,deposit\.confirm,deposit,d-3,10\.0\.0\.9,"{""note"":""=SUM\(A1\), \\""quoted\\""""}"$/,
      ),
      expect.stringMatching(/,d-1,10\.0\.0\.9,"{""note"":""plain""}"$/),
    ]);
  });
});
