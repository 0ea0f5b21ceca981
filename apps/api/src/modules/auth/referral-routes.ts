import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberMeData, successEnvelope, uniqueReferalData } from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { currentMember } from '../../plugins/member-auth.ts';
import { findMemberView } from './members.ts';
import { sessionExpired } from '../../core/sessions/session-policy.ts';

/** The signed-in member's own identity: profile and the invitation link they hand out. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, config } = app.ctx;

  const loadMember = async (memberId: string) => {
    const member = await findMemberView(database.db, memberId);
    if (!member) throw sessionExpired();
    return member;
  };

  routes.get('/auth/unique-referal', {
    schema: {
      tags: ['auth'],
      summary: 'Referral code and share link',
      response: { 200: successEnvelope(uniqueReferalData) },
    },
    handler: async (request) => {
      const member = await loadMember(currentMember(request).memberId);
      const link = new URL('/register', config.publicUrl);
      link.searchParams.set('referralCode', member.referral_code);
      link.searchParams.set('upline', member.name);
      return ok({ referralCode: member.referral_code, link: link.toString() });
    },
  });

  routes.get('/auth/me', {
    schema: {
      tags: ['auth'],
      summary:
        'The signed-in member; readOnly when an operator opened this session to see the app as them',
      response: { 200: successEnvelope(memberMeData) },
    },
    handler: async (request) => {
      const { memberId, impersonatedBy } = currentMember(request);
      return ok({ ...(await loadMember(memberId)), readOnly: impersonatedBy !== null });
    },
  });
}
