import { z } from 'zod';
import { pageOf, pageQuery } from './envelope.ts';
import { optionalText, passwordText, requiredText } from './fields.ts';
import { labels, patternMessage } from './messages.ts';

// The operator API: operators sign in by email under /api/v1/operator/.

export const OPERATOR_ROLES = ['admin', 'finance', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Looser than the member form's pattern: an operator's address is whatever the company uses. */
export const OPERATOR_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const OPERATOR_INVALID_CREDENTIALS = 'Invalid email or password';
export const OPERATORS_ONLY = 'Operators only';
export const OPERATOR_ROLE_REFUSED = 'Your operator role does not allow this';

export const operatorLoginBody = z.object({
  email: requiredText(labels.email, 254)
    .regex(OPERATOR_EMAIL_PATTERN, patternMessage(labels.email))
    .transform((value) => value.toLowerCase()),
  password: passwordText(labels.password, 128),
});
export type OperatorLoginBody = z.input<typeof operatorLoginBody>;

export const operatorView = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
});
export type OperatorView = z.infer<typeof operatorView>;

export const operatorLoginData = z.object({ access_token: z.string(), operator: operatorView });
export type OperatorLoginData = z.infer<typeof operatorLoginData>;

export const auditLogQuery = pageQuery.extend({
  action: optionalText('action', 100),
  operatorId: z.uuid(patternMessage('operatorId')).optional(),
});
export type AuditLogQuery = z.input<typeof auditLogQuery>;

export const auditEntryView = z.object({
  id: z.string(),
  operatorId: z.string().nullable(),
  operatorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  detail: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntryView>;

export const auditLogPage = pageOf(auditEntryView);
