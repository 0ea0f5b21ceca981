import { memberFileKeysOf, resealMemberFiles } from '../core/member-files/index.ts';
import { resealSecondFactors } from '../core/second-factor/reseal.ts';
import type { ResealStore } from './reseal-command.ts';

// The stores whose key rotates, each ended by its own npm script (docs/configuration.md).

/** npm run reseal-member-files: identity documents, ticket images, verification details. */
export const MEMBER_FILES_STORE: ResealStore<'files' | 'details'> = {
  keyVariable: 'MEMBER_FILES_KEY',
  previousKeysVariable: 'MEMBER_FILES_PREVIOUS_KEYS',
  keysOf: memberFileKeysOf,
  reseal: resealMemberFiles,
  labels: { files: 'files', details: "submissions' details" },
  // Files are at most 10 MB each, so a batch holds at most about 100 MB.
  batchSize: 10,
};

/** npm run reseal-second-factor: members' and operators' authenticator seeds. */
export const SECOND_FACTOR_STORE: ResealStore<'members' | 'operators'> = {
  keyVariable: 'SECOND_FACTOR_KEY',
  previousKeysVariable: 'SECOND_FACTOR_PREVIOUS_KEYS',
  keysOf: (config) => config.secondFactorKeys,
  reseal: resealSecondFactors,
  labels: {
    members: "members' authenticator secrets",
    operators: "operators' authenticator secrets",
  },
  // A seed is a few dozen bytes: the batch is bounded by how long its rows stay locked.
  batchSize: 500,
};
