import { z } from 'zod';
import { PASSWORD_MAX } from './auth.ts';
import { passwordText, requiredText } from './fields.ts';
import { walletsData } from './statements.ts';

// A member closing their account (issue 22, decision 0060): the member asks from the profile,
// an operator confirms or refuses, and once confirmed the account is closed for good; its
// personal data is erased after the operators' retention period, its money records stay.

/** Where a request stands: waiting, withdrawn by the member, refused or confirmed by an operator. */
export const CLOSURE_STATUSES = ['pending', 'cancelled', 'refused', 'confirmed'] as const;
export type ClosureStatus = (typeof CLOSURE_STATUSES)[number];

export const closureStatusLabels: Record<ClosureStatus, string> = {
  pending: 'Waiting for confirmation',
  cancelled: 'Cancelled',
  refused: 'Refused',
  confirmed: 'Confirmed',
};

/**
 * What stops an account from being closed now: money in a wallet, money held for a withdrawal,
 * a withdrawal or a deposit still open. Each comes with its sentence, the same for the member
 * and the console.
 */
export const CLOSURE_BLOCKER_KINDS = [
  'wallet-balance',
  'wallet-held',
  'pending-withdrawal',
  'pending-deposit',
] as const;
export type ClosureBlockerKind = (typeof CLOSURE_BLOCKER_KINDS)[number];

export const closureBlocker = z.object({
  kind: z.enum(CLOSURE_BLOCKER_KINDS),
  message: z.string(),
});
export type ClosureBlocker = z.infer<typeof closureBlocker>;

/** The packages still earning, and the profit (dollars) they have still to pay: given up on closing. */
export const closurePackages = z.object({
  active: z.number(),
  remainingProfit: z.number(),
});
export type ClosurePackages = z.infer<typeof closurePackages>;

export const closureRequestView = z.object({
  id: z.string(),
  status: z.enum(CLOSURE_STATUSES),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Why an operator refused, as the member reads it. */
  refusalReason: z.string().nullable(),
});
export type ClosureRequestView = z.infer<typeof closureRequestView>;

/** GET auth/account-closure: the latest request, what stops closing now, and what it gives up. */
export const accountClosureData = z.object({
  request: closureRequestView.nullable(),
  blockers: z.array(closureBlocker),
  packages: closurePackages,
  /** Days the personal data is kept after the closure is confirmed, then erased. */
  retentionDays: z.number(),
});
export type AccountClosureData = z.infer<typeof accountClosureData>;

export const accountClosureLabels = {
  password: 'Password',
  givesUpPackages: 'Give up the profit of my active packages',
  reason: 'Reason',
} as const;

/**
 * POST auth/account-closure: the password typed again, and, when packages are still earning,
 * the member's word that their profit still to come is given up.
 */
export const accountClosureBody = z.object({
  password: passwordText(accountClosureLabels.password, PASSWORD_MAX),
  givesUpPackages: z.boolean().optional(),
});
export type AccountClosureBody = z.input<typeof accountClosureBody>;

export const CLOSURE_ALREADY_REQUESTED =
  'You have already asked to close your account; an operator will confirm it soon';
export const CLOSURE_NOT_FOUND = 'No such request to close an account';
export const CLOSURE_NOT_WAITING = 'This request no longer waits: it was already';
export const CLOSURE_NOT_PENDING = 'This member has no request to close their account waiting';

/** The refusal of a request (or of its confirmation) while something stops the closing. */
export const closureBlockedMessage = (blockers: readonly ClosureBlocker[]) =>
  `The account cannot be closed yet: ${blockers.map((blocker) => blocker.message).join('; ')}. Withdraw what is left and let open requests finish, or ask support to settle it.`;

/** The refusal on `givesUpPackages` while packages still earn and the member has not agreed. */
export const givesUpPackagesMessage = (packages: ClosurePackages, profit: string) =>
  `${packages.active === 1 ? 'Your active package has' : `Your ${packages.active} active packages have`} ${profit} of profit still to pay, which closing gives up: agree to give it up to go on`;

// ---- the console ---------------------------------------------------------------------------

/** GET operator/members/:id/closure: the latest request, the wallets and what stops closing. */
export const operatorClosureData = z.object({
  request: closureRequestView
    .extend({
      /** The operator who confirmed or refused; null while pending or when the member cancelled. */
      decidedBy: z.string().nullable(),
      /** A confirmed closure: when its personal data goes, at the current retention period. */
      eraseAfter: z.string().nullable(),
      /** When the personal data was erased; null until the retention run has done it. */
      erasedAt: z.string().nullable(),
    })
    .nullable(),
  wallets: walletsData,
  blockers: z.array(closureBlocker),
  packages: closurePackages,
});
export type OperatorClosureData = z.infer<typeof operatorClosureData>;

export const CLOSURE_REASON_MIN = 3;
export const CLOSURE_REASON_MAX = 500;

/** POST operator/members/:id/closure/refuse: why, told to the member. */
export const closureRefusalBody = z.object({
  reason: requiredText(accountClosureLabels.reason, CLOSURE_REASON_MAX, CLOSURE_REASON_MIN, {
    multiline: true,
  }),
});
export type ClosureRefusalBody = z.input<typeof closureRefusalBody>;

/** The console's member list filtered to one state of closure. */
export const MEMBER_CLOSURE_FILTERS = ['requested', 'closed'] as const;
export type MemberClosureFilter = (typeof MEMBER_CLOSURE_FILTERS)[number];
export const memberClosureFilterLabels: Record<MemberClosureFilter, string> = {
  requested: 'Closure requested',
  closed: 'Closed',
};
