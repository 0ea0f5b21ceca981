import { eq } from 'drizzle-orm';
import {
  CLOSED_ACCOUNT_RETENTION_DEFAULT_DAYS,
  proofOfWorkSettings,
  REJECTED_DOCUMENT_RETENTION_DEFAULT_DAYS,
  retentionSettings,
  securitySettings,
  WITHDRAWAL_HOLD_DEFAULT_HOURS,
  type ProofOfWorkSettings,
  type RetentionSettings,
  type SecuritySettings,
} from '@app/contracts';
import type { Executor } from '../db/client.ts';
import { platformSettings } from '../db/schema/platform.ts';

// Settings operators change in the console (decision 0046), each under its key with a schema
// and a default: a row that is missing or no longer matches its schema reads as the default.

export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = {
  withdrawalHoldHours: WITHDRAWAL_HOLD_DEFAULT_HOURS,
};

const SECURITY_KEY = 'security';

/** Registration and forgotten passwords ask for proof-of-work past a volume (decision 0050). */
export const DEFAULT_PROOF_OF_WORK_SETTINGS: ProofOfWorkSettings = { mode: 'adaptive' };

const PROOF_OF_WORK_KEY = 'proof-of-work';

/**
 * How long the retention run keeps what a member no longer needs (decision 0060): a closed
 * account's personal data a month after the closure is confirmed, a rejected or replaced identity
 * document three months after it was.
 */
export const DEFAULT_RETENTION_SETTINGS: RetentionSettings = {
  closedAccountDays: CLOSED_ACCOUNT_RETENTION_DEFAULT_DAYS,
  rejectedDocumentDays: REJECTED_DOCUMENT_RETENTION_DEFAULT_DAYS,
};

const RETENTION_KEY = 'retention';

export async function readSetting(db: Executor, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.key, key));
  return row?.value;
}

export async function saveSetting(
  db: Executor,
  key: string,
  value: unknown,
  operatorId: string,
  now: Date,
): Promise<void> {
  await db
    .insert(platformSettings)
    .values({ key, value, updatedAt: now, updatedBy: operatorId })
    .onConflictDoUpdate({
      target: platformSettings.key,
      set: { value, updatedAt: now, updatedBy: operatorId },
    });
}

export async function readSecuritySettings(db: Executor): Promise<SecuritySettings> {
  const parsed = securitySettings.safeParse(await readSetting(db, SECURITY_KEY));
  return parsed.success ? parsed.data : DEFAULT_SECURITY_SETTINGS;
}

export const saveSecuritySettings = (
  db: Executor,
  settings: SecuritySettings,
  operatorId: string,
  now: Date,
) => saveSetting(db, SECURITY_KEY, settings, operatorId, now);

export async function readProofOfWorkSettings(db: Executor): Promise<ProofOfWorkSettings> {
  const parsed = proofOfWorkSettings.safeParse(await readSetting(db, PROOF_OF_WORK_KEY));
  return parsed.success ? parsed.data : DEFAULT_PROOF_OF_WORK_SETTINGS;
}

export const saveProofOfWorkSettings = (
  db: Executor,
  settings: ProofOfWorkSettings,
  operatorId: string,
  now: Date,
) => saveSetting(db, PROOF_OF_WORK_KEY, settings, operatorId, now);

export async function readRetentionSettings(db: Executor): Promise<RetentionSettings> {
  const parsed = retentionSettings.safeParse(await readSetting(db, RETENTION_KEY));
  return parsed.success ? parsed.data : DEFAULT_RETENTION_SETTINGS;
}

export const saveRetentionSettings = (
  db: Executor,
  settings: RetentionSettings,
  operatorId: string,
  now: Date,
) => saveSetting(db, RETENTION_KEY, settings, operatorId, now);
