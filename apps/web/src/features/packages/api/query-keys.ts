import type { PageQuery } from '@app/contracts';

/** Every package query starts with 'packages', so a purchase or a claim refreshes them all. */
export const packageKeys = {
  all: ['packages'],
  catalogue: () => [...packageKeys.all, 'catalogue'] as const,
  mine: (query: PageQuery) => [...packageKeys.all, 'mine', query] as const,
  claimStatus: () => [...packageKeys.all, 'claim-status'] as const,
} as const;
