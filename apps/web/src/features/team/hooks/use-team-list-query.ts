import { DEFAULT_PAGE_SIZE, TEAM_LEVELS, type TeamListQuery } from '@app/contracts';
import { useMemo } from 'react';
import { useListParams } from '../../../lib/use-list-params.ts';

const filterKeys = ['q', 'level'] as const;

/** The level in the address, or undefined when it is not one of 1–10 (the levels overview). */
const readLevel = (value: string | undefined) => {
  const level = Number(value);
  return Number.isInteger(level) && level >= 1 && level <= TEAM_LEVELS ? level : undefined;
};

/**
 * A team list's page, search and (on the level team) chosen level, read from and written to
 * the address, so a reload or Back shows the same members. A new search starts at page 1.
 */
export function useTeamListQuery() {
  const { page, filters, setPage, setFilters } = useListParams(filterKeys);
  const q = filters.q?.trim() || undefined;
  const query = useMemo<TeamListQuery>(() => ({ page, pageSize: DEFAULT_PAGE_SIZE, q }), [page, q]);
  return {
    query,
    level: readLevel(filters.level),
    setPage,
    setSearch: (next: string | undefined) => setFilters({ q: next }),
  };
}
