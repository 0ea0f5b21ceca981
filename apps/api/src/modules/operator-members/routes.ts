import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_IS_CLOSED,
  impersonationData,
  levelMembersQuery,
  MEMBER_NOT_FOUND,
  memberDetailsData,
  memberNoteBody,
  memberNotesData,
  memberStatusBody,
  operatorMemberDetail,
  operatorMemberPageData,
  operatorMemberQuery,
  pageQuery,
  purchasedPackagePageData,
  signInHistoryData,
  statementPageData,
  statementQuery,
  successEnvelope,
  teamMemberPageData,
} from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { currentOperator } from '../../plugins/operator-auth.ts';
import { recordAudit } from '../../core/audit.ts';
import { idParams, recordId } from '../../core/id-params.ts';
import { promptDelivery } from '../../core/mail-outbox/prompt-delivery.ts';
import { listMemberPackages } from '../../core/member-packages.ts';
import { listStatement } from '../../core/member-statement.ts';
import { sendOtp } from '../../core/send-otp.ts';
import { listSignInAttempts } from '../../core/sign-in-history.ts';
import { listTeamMembers } from '../../core/team-members.ts';
import { impersonateMember } from './impersonate.ts';
import { findMemberRow, readMemberDetail } from './member-detail.ts';
import { editMemberDetails, memberDetailsBody } from './member-details.ts';
import { addMemberNote, listMemberNotes } from './member-notes.ts';
import { searchMembers } from './member-search.ts';
import { setMemberStatus } from './member-status.ts';

const tags = ['operator'];
const TEN_MINUTES = 10 * 60_000;
const empty = successEnvelope(z.null());

const memberId = (id: string) => recordId(id, MEMBER_NOT_FOUND);
const notFound = () => new AppError('NOT_FOUND', MEMBER_NOT_FOUND);

/** The members area of the operator API (in the operator group, at /api/v1/operator). */
export async function operatorMemberRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const db = database.db;
  const deliver = promptDelivery(app);

  const actorOf = (request: FastifyRequest) => {
    const { operatorId, role } = currentOperator(request);
    return { operatorId, role, ip: request.ip };
  };
  /** A member's id from the path, 404 unless the member exists. */
  const existingMember = async (id: string) => {
    const row = await findMemberRow(db, memberId(id));
    if (!row) throw notFound();
    return row;
  };

  routes.get('/members', {
    schema: {
      tags,
      summary:
        'Members, newest first; q is a Registered ID, the start of a name, an email or a mobile number',
      querystring: operatorMemberQuery,
      response: { 200: successEnvelope(operatorMemberPageData) },
    },
    config: { operatorPermission: 'members.read' },
    handler: async (request) => ok(await searchMembers(db, request.query)),
  });

  routes.get('/members/:id', {
    schema: {
      tags,
      summary: "A member's profile, wallets, active packages and team figures (levels 1-10)",
      params: idParams,
      response: { 200: successEnvelope(operatorMemberDetail) },
    },
    config: { operatorPermission: 'members.read' },
    handler: async (request) => {
      const detail = await readMemberDetail(db, memberId(request.params.id), clock.now());
      if (!detail) throw notFound();
      return ok(detail);
    },
  });

  routes.get('/members/:id/packages', {
    schema: {
      tags,
      summary: "The member's package purchases, newest first, as the member sees them",
      params: idParams,
      querystring: pageQuery,
      response: { 200: successEnvelope(purchasedPackagePageData) },
    },
    config: { operatorPermission: 'members.read' },
    handler: async (request) => {
      const { id } = await existingMember(request.params.id);
      return ok(await listMemberPackages(db, id, clock.now(), request.query));
    },
  });

  routes.get('/members/:id/ledger', {
    schema: {
      tags,
      summary: "The member's ledger statement, newest first (filters: kind, wallet, from, to)",
      params: idParams,
      querystring: statementQuery,
      response: { 200: successEnvelope(statementPageData) },
    },
    config: { operatorPermission: 'money.read' },
    handler: async (request) => {
      const { id } = await existingMember(request.params.id);
      return ok(await listStatement(db, id, request.query));
    },
  });

  routes.get('/members/:id/sign-in-history', {
    schema: {
      tags,
      summary: "The member's latest 100 sign-in attempts, newest first, as the member sees them",
      params: idParams,
      response: { 200: successEnvelope(signInHistoryData) },
    },
    config: { operatorPermission: 'members.read' },
    handler: async (request) => {
      const { id } = await existingMember(request.params.id);
      return ok({ attempts: await listSignInAttempts(db, id) });
    },
  });

  routes.get('/members/:id/team', {
    schema: {
      tags,
      summary:
        "One level (1-10) of the member's team, newest first; q searches as the member's does",
      params: idParams,
      querystring: levelMembersQuery,
      response: { 200: successEnvelope(teamMemberPageData) },
    },
    config: { operatorPermission: 'members.read' },
    handler: async (request) => {
      const { id } = await existingMember(request.params.id);
      const { level, ...query } = request.query;
      return ok(await listTeamMembers(db, id, level, query, clock.now()));
    },
  });

  /** Block and unblock differ only in the status they set, their summary and their reply. */
  const memberStatusRoute = (
    path: '/members/:id/block' | '/members/:id/unblock',
    status: 'blocked' | 'active',
    summary: string,
    reply: string,
  ) =>
    routes.post(path, {
      schema: { tags, summary, params: idParams, body: memberStatusBody, response: { 200: empty } },
      config: { operatorPermission: 'members.act' },
      handler: async (request) => {
        const { operatorId, ip } = actorOf(request);
        const member = memberId(request.params.id);
        await setMemberStatus(
          db,
          {
            memberId: member,
            status,
            reason: request.body.reason,
            actor: { operatorId, ip },
          },
          clock.now(),
        );
        // Whatever this process streams to the member ends with the sessions.
        if (status === 'blocked') app.sessionEnds.ended({ memberId: member });
        return ok(null, reply);
      },
    });

  memberStatusRoute(
    '/members/:id/block',
    'blocked',
    'Block a member: every session ends at once and sign-in is refused (reason required, audited)',
    'Member blocked',
  );
  memberStatusRoute(
    '/members/:id/unblock',
    'active',
    'Unblock a member: they can sign in again (reason required, audited)',
    'Member unblocked',
  );

  routes.patch('/members/:id/details', {
    schema: {
      tags,
      summary:
        "Correct a member's name, email or mobile number (reason required, audited before → after; the member is told, a new email at both addresses)",
      params: idParams,
      body: memberDetailsBody,
      response: { 200: successEnvelope(memberDetailsData) },
    },
    config: { operatorPermission: 'members.edit-details' },
    handler: async (request) => {
      const { operatorId, ip } = actorOf(request);
      const { changed, mailIds } = await editMemberDetails(
        db,
        { memberId: memberId(request.params.id), body: request.body, actor: { operatorId, ip } },
        clock.now(),
      );
      deliver(mailIds, request.log);
      return ok({ changed }, 'Member details changed');
    },
  });

  routes.get('/members/:id/notes', {
    schema: {
      tags,
      summary: "Operators' internal notes on the member, newest first (never shown to the member)",
      params: idParams,
      response: { 200: successEnvelope(memberNotesData) },
    },
    config: { operatorPermission: 'members.read' },
    handler: async (request) => {
      const { id } = await existingMember(request.params.id);
      return ok({ notes: await listMemberNotes(db, id) });
    },
  });

  routes.post('/members/:id/notes', {
    schema: {
      tags,
      summary:
        'Add an internal note on the member (append-only: notes are never edited or removed)',
      params: idParams,
      body: memberNoteBody,
      response: { 200: empty },
    },
    config: { operatorPermission: 'members.notes' },
    handler: async (request) => {
      const { id } = await existingMember(request.params.id);
      const { operatorId, ip } = actorOf(request);
      await addMemberNote(
        db,
        { memberId: id, text: request.body.text, actor: { operatorId, ip } },
        clock.now(),
      );
      return ok(null, 'Note added');
    },
  });

  routes.post('/members/:id/resend-verification', {
    schema: {
      tags,
      summary:
        'Mail the member a fresh email-verification code, as their own resend does (same limits, audited)',
      params: idParams,
      response: { 200: empty },
    },
    config: {
      operatorPermission: 'members.act',
      // The member's own limit, counted per member whoever asks.
      rateLimit: {
        max: config.rateLimits.otp,
        timeWindow: TEN_MINUTES,
        keyGenerator: (request) => (request.params as { id?: string }).id ?? request.ip,
        hook: 'preHandler',
      },
    },
    handler: async (request) => {
      const { id, status } = await existingMember(request.params.id);
      if (status === 'closed') throw new AppError('CONFLICT', ACCOUNT_IS_CLOSED);
      const { operatorId, ip } = actorOf(request);
      const now = clock.now();
      const sent = await sendOtp(db, id, { purpose: 'verify-email' }, now, (tx) =>
        recordAudit(tx, {
          operatorId,
          action: 'member.resend_verification',
          targetType: 'member',
          targetId: id,
          ip,
          now,
        }),
      );
      deliver([sent.mailId], request.log);
      return ok(null, `A code was sent to ${sent.maskedEmail}`);
    },
  });

  routes.post('/members/:id/impersonate', {
    schema: {
      tags,
      summary:
        'Open a read-only member session for 15 minutes (no money moves); audited, and the member is told',
      params: idParams,
      response: { 200: successEnvelope(impersonationData) },
    },
    config: { operatorPermission: 'members.act' },
    handler: async (request) => {
      const actor = actorOf(request);
      const now = clock.now();
      const session = await impersonateMember(
        db,
        { memberId: memberId(request.params.id), actor, userAgent: request.headers['user-agent'] },
        now,
      );
      deliver([session.mailId], request.log);
      const url = `/?accessToken=${encodeURIComponent(session.token)}`;
      return ok(
        { accessToken: session.token, expiresAt: session.expiresAt.toISOString(), url },
        'Read-only member session opened',
      );
    },
  });
}
