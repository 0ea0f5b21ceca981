import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberView, successEnvelope, uniqueReferalData } from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { currentMember, requireMember } from '../../plugins/member-auth.ts';
import { findMemberView } from './members.ts';

/** The signed-in member's own identity: profile and the invitation link they hand out. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, config } = app.ctx;

  const loadMember = async (memberId: string) => {
    const member = await findMemberView(database.db, memberId);
    if (!member) throw new AppError('UNAUTHORIZED', 'Session expired, please sign in again');
    return member;
  };

  routes.get('/auth/unique-referal', {
    schema: {
      tags: ['auth'],
      summary: 'Referral code and share link',
      security: [{ bearer: [] }],
      response: { 200: successEnvelope(uniqueReferalData) },
    },
    onRequest: requireMember,
    handler: async (request) => {
      const member = await loadMember(currentMember(request).memberId);
      const link = new URL('/register', config.publicUrl);
      link.searchParams.set('referralCode', member.referral_code);
      link.searchParams.set('upline', member.name);
      return ok({ referral_code: member.referral_code, link: link.toString() });
    },
  });

  routes.get('/auth/me', {
    schema: {
      tags: ['auth'],
      summary: 'The signed-in member',
      security: [{ bearer: [] }],
      response: { 200: successEnvelope(memberView) },
    },
    onRequest: requireMember,
    handler: async (request) => ok(await loadMember(currentMember(request).memberId)),
  });
}
