import { violatedUniqueConstraint } from '../lib/unique-violation.ts';

/** Whether a write failed because another member already has the email (its unique index). */
export const isEmailTaken = (error: unknown): boolean =>
  violatedUniqueConstraint(error) === 'members_email_key';
