import type { TeamListQuery } from '@app/contracts';
import { memberListEndpoint } from './member-list-endpoint.ts';

/** GET auth/refer-list → a page of the direct referrals, optionally searched. */
export const referList = memberListEndpoint<TeamListQuery>('auth/refer-list', 'referrals');
