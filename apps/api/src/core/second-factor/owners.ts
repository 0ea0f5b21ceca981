import { memberTotp, recoveryCodes, sessions, signInChallenges } from '../../db/schema/members.ts';
import {
  operatorRecoveryCodes,
  operatorSessions,
  operatorSignInChallenges,
  operatorTotp,
} from '../../db/schema/operators.ts';

// Whose second factor: a member's or an operator's (decision 0049). Both keep the same rows in
// tables of their own (so a member's code never opens the console), and one set of functions
// (totp.ts, recovery-codes.ts, challenges.ts, step-up.ts) serves both through this description.

export type FactorTables = {
  totp: typeof memberTotp | typeof operatorTotp;
  totpOwner: typeof memberTotp.memberId | typeof operatorTotp.operatorId;
  codes: typeof recoveryCodes | typeof operatorRecoveryCodes;
  codesOwner: typeof recoveryCodes.memberId | typeof operatorRecoveryCodes.operatorId;
  challenges: typeof signInChallenges | typeof operatorSignInChallenges;
  challengesOwner: typeof signInChallenges.memberId | typeof operatorSignInChallenges.operatorId;
  sessions: typeof sessions | typeof operatorSessions;
  sessionsOwner: typeof sessions.memberId | typeof operatorSessions.operatorId;
  /** The owner's property in an inserted row. */
  ownerKey: 'memberId' | 'operatorId';
};

export const MEMBER_FACTOR: FactorTables = {
  totp: memberTotp,
  totpOwner: memberTotp.memberId,
  codes: recoveryCodes,
  codesOwner: recoveryCodes.memberId,
  challenges: signInChallenges,
  challengesOwner: signInChallenges.memberId,
  sessions,
  sessionsOwner: sessions.memberId,
  ownerKey: 'memberId',
};

export const OPERATOR_FACTOR: FactorTables = {
  totp: operatorTotp,
  totpOwner: operatorTotp.operatorId,
  codes: operatorRecoveryCodes,
  codesOwner: operatorRecoveryCodes.operatorId,
  challenges: operatorSignInChallenges,
  challengesOwner: operatorSignInChallenges.operatorId,
  sessions: operatorSessions,
  sessionsOwner: operatorSessions.operatorId,
  ownerKey: 'operatorId',
};

/** An inserted row's owner column, under the owner's property name. */
export const ownerOf = (tables: FactorTables, ownerId: string) =>
  tables.ownerKey === 'memberId' ? { memberId: ownerId } : { operatorId: ownerId };
