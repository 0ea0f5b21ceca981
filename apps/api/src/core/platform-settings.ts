import { eq } from 'drizzle-orm';
import {
  securitySettings,
  WITHDRAWAL_HOLD_DEFAULT_HOURS,
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

export async function readSecuritySettings(db: Executor): Promise<SecuritySettings> {
  const [row] = await db
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.key, SECURITY_KEY));
  const parsed = securitySettings.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_SECURITY_SETTINGS;
}

export async function saveSecuritySettings(
  db: Executor,
  settings: SecuritySettings,
  operatorId: string,
  now: Date,
): Promise<void> {
  await db
    .insert(platformSettings)
    .values({ key: SECURITY_KEY, value: settings, updatedAt: now, updatedBy: operatorId })
    .onConflictDoUpdate({
      target: platformSettings.key,
      set: { value: settings, updatedAt: now, updatedBy: operatorId },
    });
}
