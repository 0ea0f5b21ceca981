import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  MemberClosureFilter,
  OperatorMemberItem,
  OperatorMemberPage,
  operatorMemberQuery,
} from '@app/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { accountClosures } from '../../db/schema/account-closures.ts';
import { members } from '../../db/schema/members.ts';
import { likePrefix } from '../../core/team-members.ts';

// The console's member search. Each kind of key has its index: the Registered ID and the email
// their unique keys, the name's start members_name_prefix_idx, the mobile members_mobile_idx
// (compared only for a query that looks like a phone number).

const sponsors = alias(members, 'sponsor');

/** Digits with an optional leading +: what a mobile number search may look like. */
const PHONE_LIKE = /^\+?\d{6,20}$/;

const memberItemColumns = {
  id: members.id,
  referralCode: members.referralCode,
  name: members.name,
  email: members.email,
  mobile: members.mobile,
  status: members.status,
  emailVerifiedAt: members.emailVerifiedAt,
  createdAt: members.createdAt,
  sponsorCode: sponsors.referralCode,
  // Read for the member's own page (member-detail.ts); the list items leave them out.
  sponsorName: sponsors.name,
  payoutAddress: members.payoutAddress,
};

export const withSponsor = (db: Executor) =>
  db.select(memberItemColumns).from(members).leftJoin(sponsors, eq(sponsors.id, members.sponsorId));

export type ItemRow = Awaited<ReturnType<typeof withSponsor>>[number];

export const toMemberItem = (row: ItemRow): OperatorMemberItem => ({
  id: row.id,
  referralCode: row.referralCode,
  name: row.name,
  email: row.email,
  mobile: row.mobile,
  status: row.status,
  emailVerified: row.emailVerifiedAt !== null,
  joinedAt: row.createdAt.toISOString(),
  sponsorCode: row.sponsorCode,
});

/** The members a search text names: by Registered ID, name start, email or mobile number. */
function searchCondition(q: string): SQL | undefined {
  const text = q.trim();
  const compact = text.replace(/[\s()-]/g, '');
  return or(
    eq(members.referralCode, text.toUpperCase()),
    sql`lower(${members.name}) like ${likePrefix(text.toLowerCase())}`,
    text.includes('@') ? eq(members.email, text.toLowerCase()) : undefined,
    PHONE_LIKE.test(compact)
      ? sql`${members.mobile} in (${compact}, ${compact.startsWith('+') ? compact : `+${compact}`})`
      : undefined,
  );
}

/**
 * The members in one state of closure (decision 0060): those whose request waits for an operator
 * (found through the one-pending-per-member index), or those closed.
 */
function closureCondition(closure: MemberClosureFilter): SQL {
  return closure === 'closed'
    ? eq(members.status, 'closed')
    : sql`exists (select 1 from ${accountClosures} where ${accountClosures.memberId} = ${members.id}
        and ${accountClosures.status} = 'pending')`;
}

/** GET operator/members: newest first; a search or a filter narrows the list, never reorders it. */
export async function searchMembers(
  db: Executor,
  query: z.output<typeof operatorMemberQuery>,
): Promise<OperatorMemberPage> {
  const where = and(
    query.q ? searchCondition(query.q) : undefined,
    query.closure ? closureCondition(query.closure) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    withSponsor(db)
      .where(where)
      .orderBy(desc(members.createdAt), desc(members.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(members).where(where),
  ]);
  return {
    data: rows.map(toMemberItem),
    page: query.page,
    pageSize: query.pageSize,
    total: totals?.total ?? 0,
  };
}
