import type { TeamMemberPage, TeamMemberView } from '@app/contracts';

/** A team member as a list row: the Registered ID is its id (no internal id leaves the server). */
export type TeamMemberRow = TeamMemberView & { id: string };

/** A page of members as rows, for the list hooks' `select`. */
export const toMemberRows = (page: TeamMemberPage) => ({
  ...page,
  data: page.data.map((member): TeamMemberRow => ({ ...member, id: member.referralCode })),
});
