import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mailPreferencesBody, mailPreferencesData, successEnvelope } from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { currentMember } from '../../plugins/member-auth.ts';
import { withTransaction } from '../../ledger/index.ts';
import {
  readMailPreferences,
  writeMailPreferences,
} from '../../core/mail-outbox/member-event-mail.ts';

/** The member's mail preferences (decision 0053): which event mails they get; security mails always go. */
export async function mailPreferenceRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;

  routes.get('/auth/mail-preferences', {
    schema: {
      tags: ['auth'],
      summary:
        'Which event mails this member gets (deposit credited, withdrawal paid, package bought and ended, the daily income digest); security mails are always sent',
      response: { 200: successEnvelope(mailPreferencesData) },
    },
    handler: async (request) => {
      const preferences = await readMailPreferences(db, currentMember(request).memberId);
      return ok({ preferences });
    },
  });

  routes.put('/auth/mail-preferences', {
    schema: {
      tags: ['auth'],
      summary: 'Turns event mails on or off, per kind; kinds not named keep their setting',
      body: mailPreferencesBody,
      response: { 200: successEnvelope(mailPreferencesData) },
    },
    handler: async (request) => {
      const { memberId } = currentMember(request);
      const preferences = await withTransaction(db, async (tx) => {
        await writeMailPreferences(tx, memberId, request.body.preferences, clock.now());
        return readMailPreferences(tx, memberId);
      });
      return ok({ preferences });
    },
  });
}
