import type { Logger } from 'pino';
import { z } from 'zod';
import { formatAmount, parseMoney } from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { withTransaction } from '../../ledger/index.ts';
import { isUuid } from '../../core/id-params.ts';
import type { MailSite } from '../../core/mail-outbox/member-event-mail.ts';
import type { DepositRow } from './deposit-lists.ts';
import {
  closeDeposit,
  creditDeposit,
  lockDeposit,
  writeOutcome,
  type Decision,
} from './settle-deposit.ts';

// The gateway's payment callback (IPN), after its signature was checked. Callbacks come in any
// order and any number of times; each one runs in one transaction under the deposit's row lock,
// so a deposit is credited at most once and a decided deposit never moves again.

const idOrNumber = z.union([z.string(), z.number()]).transform(String);

/** The fields we use; the gateway sends more, and they pass the signature check untouched. */
export const ipnPayload = z.looseObject({
  order_id: z.string().trim().min(1),
  payment_status: z.string().trim().min(1),
  invoice_id: idOrNumber.nullish(),
  payment_id: idOrNumber.nullish(),
  price_amount: z.union([z.number(), z.string()]),
  pay_amount: z.union([z.number(), z.string()]).nullish(),
  actually_paid: z.union([z.number(), z.string()]).nullish(),
  pay_currency: z.string().nullish(),
});
export type IpnPayload = z.output<typeof ipnPayload>;

export type IpnOutcome = 'credited' | 'updated' | 'closed' | 'ignored' | 'unknown-order';

const STILL_PENDING = new Set(['waiting', 'confirming', 'confirmed', 'sending']);

export async function applyIpn(
  db: Db,
  payload: IpnPayload,
  now: Date,
  log: Pick<Logger, 'info' | 'warn'>,
  site: MailSite,
): Promise<IpnOutcome> {
  if (!isUuid(payload.order_id)) return 'unknown-order';
  return withTransaction(db, async (tx) => {
    const deposit = await lockDeposit(tx, payload.order_id);
    if (!deposit || deposit.provider !== 'gateway') return 'unknown-order';
    const context = { depositId: deposit.id, status: deposit.status, ipn: payload.payment_status };
    // A deposit whose invoice was never opened (gateway unreachable) has no news to take.
    if (!deposit.gatewayInvoiceId || payload.invoice_id !== deposit.gatewayInvoiceId) {
      log.warn({ ...context, invoiceId: payload.invoice_id }, 'IPN invoice id does not match');
      return 'ignored';
    }
    const decision: Decision = {
      now,
      gatewayStatus: payload.payment_status,
      gatewayPaymentId: payload.payment_id ?? null,
    };
    const step = { tx, deposit, payload, decision, log, site };
    if (payload.payment_status === 'finished') return finish(step);
    if (deposit.status !== 'pending') {
      // confirmed and rejected are final; failed and expired only yield to a late `finished`.
      log.warn(context, 'IPN after the deposit was decided: ignored');
      return 'ignored';
    }
    return follow(step);
  });
}

/** One callback on its locked deposit. */
type IpnStep = {
  tx: Tx;
  deposit: DepositRow;
  payload: IpnPayload;
  decision: Decision;
  log: Pick<Logger, 'info' | 'warn'>;
  site: MailSite;
};

/** `finished`: credit once, if the price the gateway collected is the deposit's amount. */
async function finish({ tx, deposit, payload, decision, log, site }: IpnStep): Promise<IpnOutcome> {
  if (deposit.status === 'confirmed' || deposit.status === 'rejected') {
    log.info({ depositId: deposit.id, status: deposit.status }, 'repeated IPN finished: ignored');
    return 'ignored';
  }
  const price = parseMoney(payload.price_amount);
  if (!price.ok || price.micros !== deposit.amount) {
    log.warn({ depositId: deposit.id, price: payload.price_amount }, 'IPN price mismatch');
    const reason = `The gateway reported a payment of ${String(payload.price_amount)} USD for this ${formatAmount(deposit.amount)} deposit; not credited, an operator will review it`;
    await record(tx, deposit, decision, reason);
    return 'updated';
  }
  await creditDeposit(tx, deposit, decision, site);
  return 'credited';
}

/** Every other status of a pending deposit. */
async function follow({ tx, deposit, payload, decision, log }: IpnStep): Promise<IpnOutcome> {
  switch (payload.payment_status) {
    case 'partially_paid': {
      const paid = `${String(payload.actually_paid ?? 0)} of ${String(payload.pay_amount ?? '?')} ${(payload.pay_currency ?? '').toUpperCase()}`;
      const reason = `Partly paid: received ${paid.trim()}; not credited automatically, an operator will decide`;
      await record(tx, deposit, decision, reason);
      return 'updated';
    }
    case 'failed':
      await closeDeposit(tx, deposit, 'failed', 'The payment failed at the gateway', decision);
      return 'closed';
    case 'refunded':
      await closeDeposit(
        tx,
        deposit,
        'failed',
        'The payment was refunded by the gateway',
        decision,
      );
      return 'closed';
    case 'expired':
      await closeDeposit(tx, deposit, 'expired', 'No payment arrived in time', decision);
      return 'closed';
    default:
      if (!STILL_PENDING.has(payload.payment_status)) {
        log.warn({ depositId: deposit.id, ipn: payload.payment_status }, 'unknown IPN status');
      }
      await record(tx, deposit, decision, deposit.reason);
      return 'updated';
  }
}

/** Keeps the deposit's status; notes what the gateway said and why nothing was credited. */
const record = (tx: Tx, deposit: DepositRow, decision: Decision, reason: string | null) =>
  writeOutcome(tx, deposit, { reason }, decision);
