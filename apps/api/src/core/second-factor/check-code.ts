import { TOTP_PATTERN, type SecondFactorMethod } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import type { SealingKeys } from '../../lib/sealed-secrets.ts';
import { useRecoveryCode } from './recovery-codes.ts';
import { acceptTotpCode, findTotp, requireSealingKeys } from './totp.ts';
import { MEMBER_FACTOR, type FactorTables } from './owners.ts';

/** Which factor a code (normalised by the contracts) is for: 6 digits are an authenticator's. */
export const methodOfCode = (code: string): SecondFactorMethod =>
  TOTP_PATTERN.test(code) ? 'totp' : 'recovery-code';

/**
 * Checks a second-factor code of a member (or an operator) whose authenticator is on: a current
 * authenticator code not used before, or an unused recovery code, which is then used up. True
 * when accepted.
 */
export async function acceptSecondFactorCode(
  db: Executor,
  ownerId: string,
  code: string,
  keys: SealingKeys | null,
  now: Date,
  tables: FactorTables = MEMBER_FACTOR,
): Promise<boolean> {
  if (methodOfCode(code) === 'recovery-code')
    return useRecoveryCode(db, ownerId, code, now, tables);
  const record = await findTotp(db, ownerId, tables);
  if (!record?.confirmedAt) return false;
  return acceptTotpCode(db, record, requireSealingKeys(keys), code, now, tables);
}
