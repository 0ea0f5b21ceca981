import type { LevelMembersQuery } from '@app/contracts';
import { memberListEndpoint } from './member-list-endpoint.ts';

/** GET team/level-members → a page of one level's members (1–10), optionally searched. */
export const levelMembers = memberListEndpoint<LevelMembersQuery>('team/level-members', 'level');
