import { z } from 'zod';
import { dayRangeShape, isOrderedRange, pageOf, pageQuery, reversedRange } from './envelope.ts';
import { optionalText } from './fields.ts';
import { patternMessage } from './messages.ts';
import { REFERRAL_CODE_INPUT_PATTERN } from './patterns.ts';
import { STATEMENT_KINDS, STATEMENT_WALLETS } from './statements.ts';

// The operator's ledger explorer (GET operator/ledger/...): every transfer and posting of the
// books, read-only. Amounts are dollars as JSON numbers; the CSV exports carry exact decimals.

/** At most this many lines in one CSV export; the X-Total-Count header says how many matched. */
export const LEDGER_CSV_MAX_ROWS = 10_000;

/** A member's Registered ID in a filter: trimmed, upper-cased, then checked. */
const memberCode = optionalText('memberCode', 32)
  .transform((value) => (value ? value.toUpperCase() : undefined))
  .pipe(z.string().regex(REFERRAL_CODE_INPUT_PATTERN, patternMessage('memberCode')).optional());

/** Pages reach only this far into a list (bounded OFFSET); past it, narrow the filters. */
export const LEDGER_MAX_OFFSET = 10_000;
const withinPaging = (query: { page: number; pageSize: number }) =>
  (query.page - 1) * query.pageSize < LEDGER_MAX_OFFSET;
const pagingLimit = {
  path: ['page'],
  message: `Narrow the filters: only the first ${LEDGER_MAX_OFFSET} lines can be paged`,
};

const transferFilterShape = {
  memberCode,
  kind: z.enum(STATEMENT_KINDS, patternMessage('kind')).optional(),
  /** The start of a transfer's reference, e.g. `deposit:` or a whole reference. */
  reference: optionalText('reference', 200).transform((value) => value || undefined),
  ...dayRangeShape,
};

/** Filters of the transfer list and its CSV export (days are UTC, both included). */
export const ledgerTransferFilter = z
  .object(transferFilterShape)
  .refine(isOrderedRange, reversedRange);
export type LedgerTransferFilter = z.infer<typeof ledgerTransferFilter>;

export const ledgerTransferQuery = pageQuery
  .extend(transferFilterShape)
  .refine(isOrderedRange, reversedRange)
  .refine(withinPaging, pagingLimit);
export type LedgerTransferQuery = z.infer<typeof ledgerTransferQuery>;

/** One transfer: what moved (the sum of its credits), its member if any and how many postings. */
export const ledgerTransferView = z.object({
  id: z.string(),
  createdAt: z.string(),
  kind: z.string(),
  reference: z.string(),
  memberCode: z.string().nullable(),
  memberName: z.string().nullable(),
  amount: z.number(),
  postingCount: z.number(),
});
export type LedgerTransferView = z.infer<typeof ledgerTransferView>;
export const ledgerTransferPage = pageOf(ledgerTransferView);

/** One posting with its account: a member's wallet or a house account (`house:*`). */
export const ledgerPostingView = z.object({
  id: z.string(),
  transferId: z.string(),
  createdAt: z.string(),
  /** fund | profit | compounding for a member, or the house account's code. */
  account: z.string(),
  memberCode: z.string().nullable(),
  /** Signed: a credit is positive, a debit negative. */
  amount: z.number(),
  /** The member account's balance right after the posting; null for house accounts. */
  balanceAfter: z.number().nullable(),
  kind: z.string(),
  reference: z.string(),
});
export type LedgerPostingView = z.infer<typeof ledgerPostingView>;
export const ledgerPostingPage = pageOf(ledgerPostingView);

export const ledgerTransferDetail = ledgerTransferView.extend({
  metadata: z.unknown(),
  postings: z.array(ledgerPostingView),
});
export type LedgerTransferDetail = z.infer<typeof ledgerTransferDetail>;

/**
 * Which account's postings: a house account by code (`house:deposits`) or a member's wallet as
 * `<Registered ID>:<wallet>` (`AB23CD45:fund`).
 */
export const LEDGER_ACCOUNT_PATTERN = new RegExp(
  `^(house:[a-z-]{1,40}|[A-Z0-9]{6,16}:(${STATEMENT_WALLETS.join('|')}))$`,
);

export const ledgerPostingQuery = pageQuery
  .extend({
    account: optionalText('account', 60)
      // A Registered ID is read upper-cased, as everywhere; house codes are lower-case.
      .transform((value) =>
        !value || value.startsWith('house:')
          ? value || undefined
          : value.replace(/^[^:]*/, (code) => code.toUpperCase()),
      )
      .pipe(z.string().regex(LEDGER_ACCOUNT_PATTERN, patternMessage('account')).optional()),
    ...dayRangeShape,
  })
  .refine((query) => query.account !== undefined, {
    path: ['account'],
    message: 'account is required',
  })
  .refine(isOrderedRange, reversedRange)
  .refine(withinPaging, pagingLimit);
export type LedgerPostingQuery = z.infer<typeof ledgerPostingQuery>;
