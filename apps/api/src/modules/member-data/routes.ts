import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { recordAudit } from '../../core/audit.ts';
import { throttled } from '../../core/login-throttle.ts';
import { memberFileKeysOf } from '../../core/member-files/index.ts';
import { AppError } from '../../lib/errors.ts';
import { currentMember } from '../../plugins/member-auth.ts';
import { collectMemberData } from './collect-member-data.ts';
import { memberDataArchive } from './member-data-archive.ts';

/** What counts the member's exports: the audit log's rows of them. */
const EXPORT_ACTION = 'member.export_data';
/** Exports a member may take in an hour: each reads every row they have, documents included. */
export const EXPORTS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

/** GET auth/data-export: the member's own data as one ZIP (decision 0058). */
export async function memberDataRoutes(app: FastifyInstance): Promise<void> {
  const { database, clock, config } = app.ctx;
  const db = database.db;

  app.get('/auth/data-export', {
    schema: {
      tags: ['auth'],
      summary:
        "The member's own data as one ZIP: profile, sessions and sign-ins, the ledger statement, deposits, withdrawals, packages, incomes, tickets, notifications, verification and the documents sent; JSON and CSV; 3 an hour",
      produces: ['application/zip'],
    },
    handler: async (request, reply) => {
      const { memberId, impersonatedBy } = currentMember(request);
      // An operator viewing the app as the member reads screens; the member's data is theirs.
      if (impersonatedBy)
        throw new AppError('FORBIDDEN', 'Only the member can download their own data');
      const now = clock.now();
      const since = new Date(now.getTime() - HOUR_MS);
      const recent = await queryRows<{ at: Date | string }>(
        db,
        sql`select created_at as at from audit_log where action = ${EXPORT_ACTION}
          and target_id = ${memberId} and created_at > ${since} order by created_at limit ${EXPORTS_PER_HOUR}`,
      );
      if (recent.length >= EXPORTS_PER_HOUR) {
        const oldest = new Date(recent[0]!.at).getTime();
        throw throttled('Too many downloads of your data', oldest + HOUR_MS - now.getTime());
      }
      // One snapshot: the statement, the balances it adds up to and the lists agree.
      const keys = memberFileKeysOf(config);
      const data = await db.transaction((tx) => collectMemberData(tx, memberId, keys), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      });
      const archive = memberDataArchive(data, now);
      await recordAudit(db, {
        operatorId: null,
        action: 'member.export_data',
        targetType: 'member',
        targetId: memberId,
        detail: { files: data.files.length, bytes: archive.byteLength },
        ip: request.ip,
        now,
      });
      const day = now.toISOString().slice(0, 10);
      const referralCode = String(data.profile.referral_code);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="my-data-${referralCode}-${day}.zip"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength));
    },
  });
}
