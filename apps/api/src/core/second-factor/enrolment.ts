import QRCode from 'qrcode';
import type { TotpSetupData } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import type { SealingKeys } from '../../lib/sealed-secrets.ts';
import { MEMBER_FACTOR, type FactorTables } from './owners.ts';
import { newTotpSeed, saveTotpSeed } from './totp.ts';

/**
 * Starts (or restarts) an enrolment of the authenticator app: a new seed sealed into the owner's
 * row, and what the app needs, shown once: the base32 secret, the otpauth URI and its QR code.
 */
export async function startTotpEnrolment(
  db: Executor,
  owner: { id: string; label: string; issuer: string },
  keys: SealingKeys,
  now: Date,
  tables: FactorTables = MEMBER_FACTOR,
): Promise<TotpSetupData> {
  const seed = newTotpSeed(keys, { label: owner.label, issuer: owner.issuer });
  await saveTotpSeed(db, owner.id, seed.sealed, now, tables);
  const qrSvg = await QRCode.toString(seed.uri, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
  });
  return { secret: seed.secret, uri: seed.uri, qrSvg };
}
