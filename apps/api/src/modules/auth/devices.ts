import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { memberDevices } from '../../db/schema/support.ts';
import { sha256 } from '../../lib/secrets.ts';

/**
 * Records the device (its user agent, hashed) a member signed in from. True when the sign-in is
 * news to the member: a device not seen before, by a member who has signed in before (the first
 * sign-in after registering comes from the device they registered on, and tells them nothing).
 */
export async function recordSignInDevice(
  db: Executor,
  memberId: string,
  userAgent: string | undefined,
  now: Date,
): Promise<boolean> {
  const deviceHash = sha256(userAgent ?? '');
  const [seen] = await queryRows<{ any_device: boolean }>(
    db,
    sql`select exists (select 1 from member_devices where member_id = ${memberId}) as any_device`,
  );
  const inserted = await db
    .insert(memberDevices)
    .values({ memberId, deviceHash, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoNothing()
    .returning({ memberId: memberDevices.memberId });
  if (inserted.length > 0) return Boolean(seen?.any_device);
  await db
    .update(memberDevices)
    .set({ lastSeenAt: now })
    .where(and(eq(memberDevices.memberId, memberId), eq(memberDevices.deviceHash, deviceHash)));
  return false;
}

// Named where the sign-in history (core) reads it too.
export { describeDevice } from '../../core/device-names.ts';
