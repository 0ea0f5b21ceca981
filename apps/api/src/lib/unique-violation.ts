const UNIQUE_VIOLATION = '23505';

/**
 * The unique constraint a database error broke (the driver's error or one it wraps), or null
 * for any other error: a unique index is the only check two concurrent writers cannot both pass.
 */
export function violatedUniqueConstraint(error: unknown): string | null {
  for (let at = error; at && typeof at === 'object'; at = (at as { cause?: unknown }).cause) {
    const candidate = at as { code?: string; constraint?: string };
    if (candidate.code === UNIQUE_VIOLATION) return candidate.constraint ?? null;
  }
  return null;
}
