import { z } from 'zod';
import { PASSWORDS_DIFFER } from './account.ts';
import { passwordText, requiredText } from './fields.ts';
import { labels, patternMessage } from './messages.ts';
import { OPERATOR_ROLES, operatorView } from './operator-view.ts';
import { OPERATOR_EMAIL_PATTERN } from './operator.ts';

// Operators managed by admins: invited by email, a role each, disabled rather than deleted
// (their audit rows keep pointing at them).

export const OPERATOR_STATUSES = ['invited', 'active', 'disabled'] as const;
export type OperatorStatus = (typeof OPERATOR_STATUSES)[number];

/** An operator's password: longer than a member's, since it reaches everyone's money. */
export const OPERATOR_PASSWORD_MIN = 12;
export const OPERATOR_PASSWORD_MAX = 128;
/** How long an invitation link works. */
export const OPERATOR_INVITE_TTL_HOURS = 72;

export const OPERATOR_EMAIL_TAKEN = 'An operator with this email already exists';
export const OPERATOR_INVITE_INVALID = 'This invitation link is invalid or has expired';
export const OPERATOR_SELF_CHANGE = 'You cannot change your own role or disable yourself';
export const OPERATOR_NOT_INVITED = 'This operator has already accepted the invitation';

const operatorEmail = requiredText(labels.email, 254)
  .regex(OPERATOR_EMAIL_PATTERN, patternMessage(labels.email))
  .transform((value) => value.toLowerCase());
const role = z.enum(OPERATOR_ROLES, { message: 'role must be admin, finance or support' });

/** POST operator/operators (admin): invites by email; the link is mailed, never returned. */
export const inviteOperatorBody = z.object({ email: operatorEmail, role });
export type InviteOperatorBody = z.input<typeof inviteOperatorBody>;

/** PATCH operator/operators/:id (admin): a new role, or enable/disable. */
export const updateOperatorBody = z
  .object({
    role: role.optional(),
    status: z
      .enum(['active', 'disabled'], { message: 'status must be active or disabled' })
      .optional(),
  })
  .refine((body) => body.role !== undefined || body.status !== undefined, {
    message: 'Give a role or a status',
    path: ['role'],
  });
export type UpdateOperatorBody = z.input<typeof updateOperatorBody>;

/** POST operator/auth/accept-invite (public): the mailed token and the new password, twice. */
export const acceptInviteBody = z
  .object({
    token: requiredText('token', 200),
    password: passwordText(labels.password, OPERATOR_PASSWORD_MAX, OPERATOR_PASSWORD_MIN),
    confirmPassword: passwordText('Confirm password', OPERATOR_PASSWORD_MAX),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  });
export type AcceptInviteBody = z.input<typeof acceptInviteBody>;

export const staffOperatorView = operatorView.extend({
  status: z.enum(OPERATOR_STATUSES),
  createdAt: z.string(),
  /** The last sign-in, from the audit log; null when never. */
  lastSignInAt: z.string().nullable(),
  /** Whether the operator's authenticator app is on (decision 0049). */
  secondFactor: z.boolean(),
});
export type StaffOperatorView = z.infer<typeof staffOperatorView>;

export const staffOperatorList = z.array(staffOperatorView);
