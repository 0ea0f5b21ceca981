import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  DEPOSIT_HASH_IN_USE,
  GATEWAY_NOT_CONFIGURED,
  formatAmount,
  microsToDollars,
  type CreateDepositData,
  type DepositProvider,
  type DepositView,
  type ManualDepositInstructions,
} from '@app/contracts';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { deposits } from '../../db/schema/money-flows.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { findSqlState } from '../../ledger/index.ts';
import { refuseUnverifiedDeposit } from '../../core/verification-gate.ts';
import { findMemberDeposit, toDepositView } from './deposit-lists.ts';
import { createInvoice, GatewayUnavailableError, type GatewayConfig } from './gateway-client.ts';

// Creating a deposit moves no money: it is a pending request until the gateway reports it
// finished or an operator confirms it (settle-deposit.ts).

export const IPN_PATH = '/api/v1/payments/nowpayments/ipn';
export const MANUAL_NOT_AVAILABLE = 'Manual deposits are not available';
export const GATEWAY_UNAVAILABLE =
  'The payment gateway is not answering; please try again later or use a manual deposit';

/** Only the unique index on the transaction hash can refuse a deposit row; that is a 409. */
const UNIQUE_VIOLATION = '23505';
const hashInUse = () => new AppError('CONFLICT', DEPOSIT_HASH_IN_USE);

export type DepositConfig = Pick<AppConfig, 'manualDeposit' | 'paymentGateway' | 'publicUrl'>;

export type CreateDepositInput = {
  memberId: string;
  provider: DepositProvider;
  /** Micro-dollars, at least the minimum (the schema checked it). */
  amount: bigint;
  txHash?: string | undefined;
};

/** The providers a member may pick now: manual with a house address, gateway when configured. */
export function enabledProviders(config: DepositConfig): DepositProvider[] {
  return [
    ...(config.manualDeposit ? (['manual'] as const) : []),
    ...(config.paymentGateway ? (['gateway'] as const) : []),
  ];
}

export const manualInstructions = (
  manual: NonNullable<DepositConfig['manualDeposit']>,
): ManualDepositInstructions => ({ asset: 'USDT', ...manual });

export async function createDeposit(
  db: Db,
  config: DepositConfig,
  input: CreateDepositInput,
  now: Date,
): Promise<CreateDepositData> {
  await refuseUnverifiedDeposit(db, input.memberId, input.amount);
  if (input.provider === 'manual') {
    if (!config.manualDeposit) throw fieldError('provider', MANUAL_NOT_AVAILABLE);
    const deposit = await insertDeposit(db, input, now);
    return {
      ...toDepositView(deposit),
      payment_url: null,
      instructions: manualInstructions(config.manualDeposit),
    };
  }
  if (!config.paymentGateway) throw fieldError('provider', GATEWAY_NOT_CONFIGURED);
  if (input.txHash) throw fieldError('txHash', 'Transaction hash is only for manual deposits');
  const deposit = await openGatewayDeposit(db, config.paymentGateway, config.publicUrl, input, now);
  return { ...deposit, payment_url: deposit.paymentUrl, instructions: null };
}

async function insertDeposit(db: Db, input: CreateDepositInput, now: Date) {
  try {
    const [row] = await db
      .insert(deposits)
      .values({
        id: randomUUID(),
        memberId: input.memberId,
        provider: input.provider,
        amount: input.amount,
        txHash: input.txHash ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('deposit insert returned nothing');
    return row;
  } catch (error) {
    if (findSqlState(error) === UNIQUE_VIOLATION) throw hashInUse();
    throw error;
  }
}

/**
 * The row is written (and committed) before the gateway is called, so a callback can always
 * find its deposit: an invoice never exists at the gateway without our record of it. When the
 * gateway cannot be reached, the deposit is marked failed and the member is told to retry.
 */
async function openGatewayDeposit(
  db: Db,
  gateway: GatewayConfig,
  publicUrl: string,
  input: CreateDepositInput,
  now: Date,
): Promise<DepositView> {
  const deposit = await insertDeposit(db, input, now);
  const page = (status: string) => `${publicUrl}/payment/${status}`;
  try {
    const invoice = await createInvoice(gateway, {
      priceAmount: microsToDollars(input.amount),
      orderId: deposit.id,
      description: `Deposit of ${formatAmount(input.amount)}`,
      ipnCallbackUrl: `${publicUrl}${IPN_PATH}`,
      successUrl: page('success'),
      cancelUrl: page('cancelled'),
      partiallyPaidUrl: page('pending'),
    });
    const [row] = await db
      .update(deposits)
      .set({ gatewayInvoiceId: invoice.id, paymentUrl: invoice.invoiceUrl, updatedAt: now })
      .where(eq(deposits.id, deposit.id))
      .returning();
    if (!row) throw new Error(`deposit ${deposit.id} vanished`);
    return toDepositView(row);
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    await db
      .update(deposits)
      .set({ status: 'failed', reason: 'The payment gateway could not be reached', updatedAt: now })
      .where(and(eq(deposits.id, deposit.id), eq(deposits.status, 'pending')));
    throw error;
  }
}

/**
 * POST secure/{id}/tx-hash: the member's own pending manual deposit takes (or corrects) its
 * chain transaction hash. Anyone else's id answers 404.
 */
export async function attachTxHash(
  db: Db,
  memberId: string,
  id: string,
  txHash: string,
  now: Date,
): Promise<DepositView> {
  const deposit = await findMemberDeposit(db, memberId, id);
  if (!deposit) throw new AppError('NOT_FOUND', 'No such deposit');
  if (deposit.provider !== 'manual')
    throw new AppError('CONFLICT', 'Gateway deposits get their transaction from the gateway');
  try {
    const [row] = await db
      .update(deposits)
      .set({ txHash, updatedAt: now })
      .where(and(eq(deposits.id, id), eq(deposits.status, 'pending')))
      .returning();
    if (!row) throw new AppError('CONFLICT', 'Only a pending deposit can take a transaction hash');
    return toDepositView(row);
  } catch (error) {
    if (findSqlState(error) === UNIQUE_VIOLATION) throw hashInUse();
    throw error;
  }
}
