// Helpers for the deposits suites (imported by tests only).
import { sql } from 'drizzle-orm';
import type { CreateDepositBody } from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { getMemberBalances } from '../../ledger/index.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { api } from '../../testing/members.ts';

export const TRC20_HASH = 'a'.repeat(64);
export const BEP20_HASH = `0x${'b'.repeat(64)}`;
/** A different valid hash on every call. */
let hashCounter = 0;
export const freshHash = () => (hashCounter += 1).toString(16).padStart(64, 'c');

export const createDeposit = (
  t: TestApp,
  memberId: string,
  body: Partial<CreateDepositBody> | Record<string, unknown>,
  key?: string,
) => api(t, memberId, 'POST', 'secure/create', body, key ? { 'idempotency-key': key } : {});

export const history = async (t: TestApp, memberId: string, query = '') =>
  (await api(t, memberId, 'GET', `secure/hist${query}`)).body.data;

export const fundOf = async (t: TestApp, memberId: string) =>
  (await getMemberBalances(t.ctx.database.db, memberId)).fund.balance;

/** Deposit transfers, notifications and audit rows: what a refused request must leave alone. */
export async function depositEffects(t: TestApp, memberId: string) {
  const [row] = await queryRows<{ credits: number; notes: string[]; audits: string[] }>(
    t.ctx.database.db,
    sql`
    select
      (select count(*)::int from transfers where member_id = ${memberId}::uuid and kind = 'deposit') as credits,
      coalesce((select array_agg(message order by created_at, id) from notifications
        where member_id = ${memberId}::uuid), '{}') as notes,
      coalesce((select array_agg(action order by id) from audit_log
        where target_type = 'deposit' and detail->>'memberId' = ${memberId}), '{}') as audits`,
  );
  if (!row) throw new Error('no effects row');
  return row;
}

export async function depositRow(t: TestApp, id: string) {
  const [row] = await queryRows<Record<string, unknown>>(
    t.ctx.database.db,
    sql`select status, reason, gateway_status, gateway_invoice_id, tx_hash, transfer_id, decided_by
        from deposits where id = ${id}::uuid`,
  );
  return row;
}
