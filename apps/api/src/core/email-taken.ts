const UNIQUE_VIOLATION = '23505';

/** Whether a write failed because another member already has the email (its unique index). */
export function isEmailTaken(error: unknown): boolean {
  for (let at = error; at && typeof at === 'object'; at = (at as { cause?: unknown }).cause) {
    const candidate = at as { code?: string; constraint?: string };
    if (candidate.code === UNIQUE_VIOLATION) return candidate.constraint === 'members_email_key';
  }
  return false;
}
