import { eq } from 'drizzle-orm';
import type { z } from 'zod';
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

/**
 * One setting's reader and writer: `read` answers the default when the row is missing or no
 * longer matches the schema; `save` writes it with who changed it and when.
 */
export function platformSetting<Schema extends z.ZodType>(
  key: string,
  schema: Schema,
  fallback: z.output<Schema>,
) {
  return {
    read: async (db: Executor): Promise<z.output<Schema>> => {
      const parsed = schema.safeParse(await readSetting(db, key));
      return parsed.success ? parsed.data : fallback;
    },
    save: (db: Executor, settings: z.output<Schema>, operatorId: string, now: Date) =>
      saveSetting(db, key, settings, operatorId, now),
  };
}

const security = platformSetting(SECURITY_KEY, securitySettings, DEFAULT_SECURITY_SETTINGS);
export const readSecuritySettings = security.read;
export const saveSecuritySettings = security.save;

const proofOfWork = platformSetting(
  PROOF_OF_WORK_KEY,
  proofOfWorkSettings,
  DEFAULT_PROOF_OF_WORK_SETTINGS,
);
export const readProofOfWorkSettings = proofOfWork.read;
export const saveProofOfWorkSettings = proofOfWork.save;

const retention = platformSetting(RETENTION_KEY, retentionSettings, DEFAULT_RETENTION_SETTINGS);
export const readRetentionSettings = retention.read;
export const saveRetentionSettings = retention.save;
