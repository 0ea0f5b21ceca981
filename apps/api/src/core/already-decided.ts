import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { operators } from '../db/schema/operators.ts';
import { AppError } from '../lib/errors.ts';

/**
 * The 409 for an operator acting on a record another operator (or the member, or the gateway)
 * already settled: it says what happened and who did it, so the second operator knows to move
 * on rather than retry. Read under the caller's row lock, so it names the decision that won.
 */
export async function alreadyDecided(
  executor: Executor,
  record: { noun: string; status: string; decidedBy: string | null },
): Promise<AppError> {
  const by = record.decidedBy ? await operatorEmail(executor, record.decidedBy) : null;
  return new AppError(
    'CONFLICT',
    `This ${record.noun} was already ${record.status}${by ? ` by ${by}` : ''}`,
  );
}

async function operatorEmail(executor: Executor, id: string): Promise<string | null> {
  const [row] = await executor
    .select({ email: operators.email })
    .from(operators)
    .where(eq(operators.id, id));
  return row?.email ?? null;
}
