import { createDepositBody, depositTxHashBody } from '@app/contracts';
import type { z } from 'zod';

/** The deposit form: the contract's provider and amount rules (at least $10). */
export const depositFormSchema = createDepositBody.pick({ provider: true, amount: true });
export type DepositFormInput = z.input<typeof depositFormSchema>;
export type DepositFormValues = z.output<typeof depositFormSchema>;

/** The transaction hash form: TRC-20 or BEP-20, as the server checks it. */
export const txHashFormSchema = depositTxHashBody;
export type TxHashFormInput = z.input<typeof txHashFormSchema>;
export type TxHashFormValues = z.output<typeof txHashFormSchema>;
