import type { levelMembersQuery, operatorMemberQuery, statementQuery } from '@app/contracts';
import type { z } from 'zod';
import { operatorKeys } from '../../../lib/operator-query-keys.ts';

export type MemberListQuery = z.output<typeof operatorMemberQuery>;
export type MemberLedgerQuery = z.output<typeof statementQuery>;
export type MemberTeamQuery = z.output<typeof levelMembersQuery>;

/**
 * The console's member queries, under operatorKeys.area('members'): an action on a member
 * (block, unblock) refreshes every one of them, the list's status chips included.
 */
export const memberKeys = {
  all: operatorKeys.area('members'),
  list: (query: MemberListQuery) => operatorKeys.area('members', 'list', query),
  member: (id: string) => operatorKeys.area('members', 'member', id),
  packages: (id: string, page: number) =>
    operatorKeys.area('members', 'member', id, 'packages', page),
  ledger: (id: string, query: MemberLedgerQuery) =>
    operatorKeys.area('members', 'member', id, 'ledger', query),
  team: (id: string, query: MemberTeamQuery) =>
    operatorKeys.area('members', 'member', id, 'team', query),
  signIns: (id: string) => operatorKeys.area('members', 'member', id, 'sign-ins'),
  secondFactor: (id: string) => operatorKeys.area('members', 'member', id, 'second-factor'),
  passkeys: (id: string) => operatorKeys.area('members', 'member', id, 'passkeys'),
  sessions: (id: string) => operatorKeys.area('members', 'member', id, 'sessions'),
  notes: (id: string) => operatorKeys.area('members', 'member', id, 'notes'),
  closure: (id: string) => operatorKeys.area('members', 'member', id, 'closure'),
};
