import {
  DEFAULT_PAGE_SIZE,
  TICKET_ASSIGNMENT_FILTERS,
  TICKET_SORTS,
  TICKET_STATUSES,
  type TicketAssignmentFilter,
  type TicketSort,
  type TicketStatus,
} from '@app/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useListParams } from '../../../lib/use-list-params.ts';
import type { InboxQuery } from '../api/query-keys.ts';

const filterKeys = ['status', 'sort', 'assigned'] as const;
const TICKET = 'ticket';

/** A hand-edited address (?status=lost) is ignored rather than sent to be refused. */
const oneOf = <V extends string>(values: readonly V[], value: string | undefined) =>
  (values as readonly string[]).includes(value ?? '') ? (value as V) : undefined;

/**
 * The inbox's state, all in the address: status (open by default, the tickets waiting),
 * age order, whose tickets (anyone's by default, mine or nobody's), page, and the open thread
 * (`?ticket=`), so a reload or a shared link shows the
 * same view and Back closes a thread on a phone.
 */
export function useInboxParams() {
  const { page, filters, setPage, setFilters } = useListParams(filterKeys);
  const [params] = useSearchParams();
  // "all" is kept in the address: the default, with no status, is the open tickets.
  const status: TicketStatus | 'all' =
    filters.status === 'all' ? 'all' : (oneOf(TICKET_STATUSES, filters.status) ?? 'open');
  // As the API orders by default: the tickets waiting, longest first; the others newest first.
  const sort: TicketSort =
    oneOf(TICKET_SORTS, filters.sort) ?? (status === 'open' ? 'oldest' : 'newest');
  const assigned: TicketAssignmentFilter | 'all' =
    oneOf(TICKET_ASSIGNMENT_FILTERS, filters.assigned) ?? 'all';
  const query = useMemo<InboxQuery>(
    () => ({
      page,
      pageSize: DEFAULT_PAGE_SIZE,
      sort,
      ...(status === 'all' ? {} : { status }),
      ...(assigned === 'all' ? {} : { assigned }),
    }),
    [page, status, sort, assigned],
  );
  const ticketId = params.get(TICKET);

  /** The address of a thread (or of the list alone), keeping the list's page and filters. */
  const hrefOf = useCallback(
    (id: string | null) => {
      const kept = new URLSearchParams(params);
      if (id) kept.set(TICKET, id);
      else kept.delete(TICKET);
      const search = kept.toString();
      return search ? `?${search}` : '?';
    },
    [params],
  );

  return { query, status, sort, assigned, ticketId, setPage, setFilters, hrefOf };
}

export type InboxParams = ReturnType<typeof useInboxParams>;
