import { z } from 'zod';
import { pageOf, pageQuery } from './envelope.ts';
import { optionalText, requiredText } from './fields.ts';
import { walletsData } from './statements.ts';
import { teamInfoData } from './team.ts';
import type { PhoneNumbering } from './mobile-number.ts';
import { memberEmail, NAME_MAX } from './member-fields.ts';
import { labels } from './messages.ts';
import { registerBodyWith } from './registration.ts';
import { MEMBER_CLOSURE_FILTERS } from './account-closure.ts';

// The operator's view of members (GET/POST /api/v1/operator/members...) and the member side of
// "sign in as member": a read-only session an operator opens (decision 0026).

export const MEMBER_NOT_FOUND = 'No such member';
export const MEMBER_ALREADY_BLOCKED = 'This member is already blocked';
export const MEMBER_NOT_BLOCKED = 'This member is not blocked';
export const MEMBER_BLOCKED_NO_VIEW = 'A blocked member cannot be signed in as';
/** The answer to any change asked for in a session an operator opened as the member. */
export const READ_ONLY_SESSION = 'This is a read-only session opened by an operator';

/** `closed` is final: set when an operator confirms the member's request to close (decision 0060). */
export const MEMBER_STATUSES = ['active', 'blocked', 'closed'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const operatorMemberLabels = { q: 'Search', reason: 'Reason' } as const;
export const BLOCK_REASON_MIN = 3;
export const BLOCK_REASON_MAX = 500;

/** GET operator/members: q is a Registered ID, the start of a name, an email or a mobile number. */
export const operatorMemberQuery = pageQuery.extend({
  q: optionalText(operatorMemberLabels.q, 100),
  /** Only members who asked to close their account and wait for an operator, or closed ones. */
  closure: z.enum(MEMBER_CLOSURE_FILTERS).optional(),
});
export type OperatorMemberQuery = z.input<typeof operatorMemberQuery>;

export const operatorMemberItem = z.object({
  id: z.string(),
  referralCode: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  status: z.enum(MEMBER_STATUSES),
  emailVerified: z.boolean(),
  joinedAt: z.string(),
  /** The sponsor's Registered ID; null for a root member. */
  sponsorCode: z.string().nullable(),
});
export type OperatorMemberItem = z.infer<typeof operatorMemberItem>;
export const operatorMemberPageData = pageOf(operatorMemberItem);
export type OperatorMemberPage = z.infer<typeof operatorMemberPageData>;

export const operatorMemberProfile = operatorMemberItem.extend({
  sponsorName: z.string().nullable(),
  payoutAddress: z.string().nullable(),
  /** The dial code the member registered their mobile number with (e.g. +91). */
  dialCode: z.string().nullable(),
});
export type OperatorMemberProfile = z.infer<typeof operatorMemberProfile>;

/** GET operator/members/:id: the profile, wallets, packages and team figures at once. */
export const operatorMemberDetail = z.object({
  profile: operatorMemberProfile,
  wallets: walletsData,
  /** Packages still earning and the amount they were bought for, in dollars. */
  packages: z.object({ active: z.number(), amount: z.number() }),
  /** The figures of the member's own team screen (GET auth/team-info). */
  team: teamInfoData,
});
export type OperatorMemberDetail = z.infer<typeof operatorMemberDetail>;

/** POST operator/members/:id/block and /unblock: why, for the audit log. */
export const memberStatusBody = z.object({
  reason: requiredText(operatorMemberLabels.reason, BLOCK_REASON_MAX, BLOCK_REASON_MIN, {
    multiline: true,
  }),
});
export type MemberStatusBody = z.input<typeof memberStatusBody>;

/** POST operator/members/:id/impersonate: a token for the member app, good for 15 minutes. */
export const impersonationData = z.object({
  accessToken: z.string(),
  expiresAt: z.string(),
  /** Where the member app takes the token over (it reads ?accessToken= once). */
  url: z.string(),
});
export type ImpersonationData = z.infer<typeof impersonationData>;

// ---- details and notes ---------------------------------------------------------------

// Operators correct a member's contact details and keep internal notes on a member (decision 0054).

export const MEMBER_DETAILS_UNCHANGED = 'Nothing to change: the details given are the ones on file';
export const MEMBER_EMAIL_TAKEN = 'Another member already uses this email';
export const MEMBER_DETAILS_NONE = 'Give a name, an email or a mobile number to change';
export const MEMBER_NOTE_MAX = 2000;

/**
 * PATCH operator/members/:id/details: any of the name, email and mobile number, each checked by
 * the registration's own rules (the mobile number by `numbering`, the API's full plan), and the
 * reason the audit log keeps.
 */
export const memberDetailsBodyWith = (numbering: PhoneNumbering) =>
  registerBodyWith(numbering)
    .pick({ name: true, email: true, mobile_number: true })
    .partial()
    .extend({
      reason: requiredText(operatorMemberLabels.reason, BLOCK_REASON_MAX, BLOCK_REASON_MIN, {
        multiline: true,
      }),
    })
    .refine(
      (body) =>
        body.name !== undefined || body.email !== undefined || body.mobile_number !== undefined,
      { message: MEMBER_DETAILS_NONE, path: ['name'] },
    );
export type MemberDetailsBody = z.input<ReturnType<typeof memberDetailsBodyWith>>;

/**
 * The console's edit form: the three fields prefilled, checked as far as a page can without the
 * numbering plan (the server checks the mobile number by the registration's rules), and the reason.
 */
export const memberDetailsForm = z.object({
  name: requiredText(labels.name, NAME_MAX),
  email: memberEmail,
  mobile_number: requiredText(labels.mobile_number, 24),
  reason: requiredText(operatorMemberLabels.reason, BLOCK_REASON_MAX, BLOCK_REASON_MIN, {
    multiline: true,
  }),
});
export type MemberDetailsForm = z.input<typeof memberDetailsForm>;

/** What the edit changed: each field's value before and after. */
export const memberDetailsData = z.object({
  changed: z.array(z.enum(['name', 'email', 'mobile_number'])),
});
export type MemberDetailsData = z.infer<typeof memberDetailsData>;

/** POST operator/members/:id/notes. */
export const memberNoteBody = z.object({
  text: requiredText('Note', MEMBER_NOTE_MAX, 1, { multiline: true }),
});
export type MemberNoteBody = z.input<typeof memberNoteBody>;

/** A note on a member, as operators read them (newest first); never shown to the member. */
export const memberNote = z.object({
  id: z.string(),
  text: z.string(),
  authorEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type MemberNote = z.infer<typeof memberNote>;
export const memberNotesData = z.object({ notes: z.array(memberNote) });
export type MemberNotesData = z.infer<typeof memberNotesData>;
