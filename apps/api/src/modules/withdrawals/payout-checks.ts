import { sql } from 'drizzle-orm';
import {
  ADDRESS_CHANGE_WARNING_DAYS,
  explorerTransactionUrl,
  usdtNetwork,
  type WithdrawalPayoutChecks,
} from '@app/contracts';
import type { AppConfig } from '../../config/env.ts';
import { queryRows, type Executor } from '../../db/client.ts';
import { DAY_MS } from '../../lib/clock.ts';

// What the operator checks before sending a withdrawal's money: the network the address is on
// (its format tells it), the address and the transaction on that network's explorer, and whether
// the member changed their payout address lately. A change is recorded by the security notice
// written in its transaction (payout-address.ts); a first address set is not a change.

/** The start of the security notice of a payout address change (not of a first address). */
export const ADDRESS_CHANGED_NOTICE = 'Your payout address was changed from ';

/** The checks for one withdrawal, or null when there is no such withdrawal. */
export async function payoutChecks(
  db: Executor,
  explorers: AppConfig['explorers'],
  withdrawalId: string,
  now: Date,
): Promise<WithdrawalPayoutChecks | null> {
  const since = new Date(now.getTime() - ADDRESS_CHANGE_WARNING_DAYS * DAY_MS);
  const [row] = await queryRows<{
    address: string;
    tx_hash: string | null;
    current: string | null;
    changed_at: Date | string | null;
  }>(
    db,
    sql`
    select w.address, w.tx_hash, m.payout_address as current,
      (select max(n.created_at) from notifications n
        where n.member_id = w.member_id and n.kind = 'security'
          and starts_with(n.message, ${ADDRESS_CHANGED_NOTICE})
          and n.created_at >= ${since.toISOString()}::timestamptz
          and n.created_at <= ${now.toISOString()}::timestamptz) as changed_at
    from withdrawals w join members m on m.id = w.member_id
    where w.id = ${withdrawalId}`,
  );
  if (!row) return null;
  const network = usdtNetwork(row.address);
  const explorer = network ? explorers[network] : null;
  return {
    network,
    addressUrl: explorer
      ? explorer.address.replaceAll('{address}', encodeURIComponent(row.address))
      : null,
    transactionUrlTemplate: explorer?.transaction ?? null,
    transactionUrl:
      explorer && row.tx_hash ? explorerTransactionUrl(explorer.transaction, row.tx_hash) : null,
    addressChangedAt: row.changed_at === null ? null : new Date(row.changed_at).toISOString(),
    isCurrentAddress: row.current === row.address,
  };
}
