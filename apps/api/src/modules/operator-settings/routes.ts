import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  proofOfWorkSettings,
  retentionSettings,
  securitySettings,
  successEnvelope,
} from '@app/contracts';
import { withTransaction } from '../../ledger/index.ts';
import { ok } from '../../lib/reply.ts';
import { currentOperator } from '../../plugins/operator-auth.ts';
import { recordAudit } from '../../core/audit.ts';
import {
  readProofOfWorkSettings,
  readRetentionSettings,
  readSecuritySettings,
  saveProofOfWorkSettings,
  saveRetentionSettings,
  saveSecuritySettings,
} from '../../core/platform-settings.ts';

const tags = ['operator'];

/** The platform's settings in the console (in the operator group; decision 0046). */
export async function operatorSettingsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;

  routes.get('/settings/security', {
    schema: {
      tags,
      summary: 'How many hours withdrawals wait after a security change to an account',
      response: { 200: successEnvelope(securitySettings) },
    },
    config: { operatorPermission: 'settings.manage' },
    handler: async () => ok(await readSecuritySettings(db)),
  });

  routes.put('/settings/security', {
    schema: {
      tags,
      summary: 'Change the security settings (audited); holds already running keep their end',
      body: securitySettings,
      response: { 200: successEnvelope(securitySettings) },
    },
    config: { operatorPermission: 'settings.manage' },
    handler: async (request) => {
      const { operatorId } = currentOperator(request);
      const now = clock.now();
      await withTransaction(db, async (tx) => {
        const before = await readSecuritySettings(tx);
        await saveSecuritySettings(tx, request.body, operatorId, now);
        await recordAudit(tx, {
          operatorId,
          action: 'settings.security',
          targetType: 'settings',
          targetId: 'security',
          detail: { before, after: request.body },
          ip: request.ip,
          now,
        });
      });
      return ok(request.body, 'Settings saved');
    },
  });

  routes.get('/settings/proof-of-work', {
    schema: {
      tags,
      summary:
        'When registration and forgotten-password requests need a solved proof-of-work: adaptive (past a volume per address) or always',
      response: { 200: successEnvelope(proofOfWorkSettings) },
    },
    config: { operatorPermission: 'settings.manage' },
    handler: async () => ok(await readProofOfWorkSettings(db)),
  });

  routes.put('/settings/proof-of-work', {
    schema: {
      tags,
      summary: 'Change when registration and forgotten passwords need a proof-of-work (audited)',
      body: proofOfWorkSettings,
      response: { 200: successEnvelope(proofOfWorkSettings) },
    },
    config: { operatorPermission: 'settings.manage' },
    handler: async (request) => {
      const { operatorId } = currentOperator(request);
      const now = clock.now();
      await withTransaction(db, async (tx) => {
        const before = await readProofOfWorkSettings(tx);
        await saveProofOfWorkSettings(tx, request.body, operatorId, now);
        await recordAudit(tx, {
          operatorId,
          action: 'settings.proof-of-work',
          targetType: 'settings',
          targetId: 'proof-of-work',
          detail: { before, after: request.body },
          ip: request.ip,
          now,
        });
      });
      return ok(request.body, 'Settings saved');
    },
  });

  routes.get('/settings/retention', {
    schema: {
      tags,
      summary:
        "How many days a closed account's personal data is kept after its closure, and a rejected or replaced identity document after that (decision 0060)",
      response: { 200: successEnvelope(retentionSettings) },
    },
    config: { operatorPermission: 'settings.manage' },
    handler: async () => ok(await readRetentionSettings(db)),
  });

  routes.put('/settings/retention', {
    schema: {
      tags,
      summary:
        'Change the retention periods (audited); the daily retention run applies them from its next day, to closures and documents already waiting too',
      body: retentionSettings,
      response: { 200: successEnvelope(retentionSettings) },
    },
    config: { operatorPermission: 'settings.manage' },
    handler: async (request) => {
      const { operatorId } = currentOperator(request);
      const now = clock.now();
      await withTransaction(db, async (tx) => {
        const before = await readRetentionSettings(tx);
        await saveRetentionSettings(tx, request.body, operatorId, now);
        await recordAudit(tx, {
          operatorId,
          action: 'settings.retention',
          targetType: 'settings',
          targetId: 'retention',
          detail: { before, after: request.body },
          ip: request.ip,
          now,
        });
      });
      return ok(request.body, 'Settings saved');
    },
  });
}
