import { DEFAULT_PAGE_SIZE, TICKET_STATUSES, type TicketStatus } from '@app/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useListParams } from '../../../lib/use-list-params.ts';
import type { TicketListQuery } from '../api/query-keys.ts';

const filterKeys = ['status'] as const;
const TICKET = 'ticket';
const NEW = 'new';

// A hand-edited address (?status=lost) is ignored rather than sent to be refused.
const readStatus = (value: string | undefined) =>
  (TICKET_STATUSES as readonly string[]).includes(value ?? '')
    ? (value as TicketStatus)
    : undefined;

/** What the right-hand (or, on a narrow screen, the only) pane shows. */
export type SupportPane = { kind: 'thread'; ticketId: string } | { kind: 'new' } | { kind: 'none' };

/**
 * The support screen's state, all in the address: the list's page and status, and the open
 * thread (`?ticket=`, the link notifications use) or the new-ticket form (`?new=1`). So Back
 * closes a thread, and a reload or a notification's link shows the same view.
 */
export function useSupportParams() {
  const { page, filters, setPage, setFilters } = useListParams(filterKeys);
  const [params] = useSearchParams();
  const status = readStatus(filters.status);
  const query = useMemo<TicketListQuery>(
    () => ({ page, pageSize: DEFAULT_PAGE_SIZE, status }),
    [page, status],
  );
  const ticketId = params.get(TICKET);
  const pane: SupportPane = ticketId
    ? { kind: 'thread', ticketId }
    : params.get(NEW)
      ? { kind: 'new' }
      : { kind: 'none' };

  /** The address of a pane, keeping the list's page and filter. */
  const hrefOf = useCallback(
    (next: SupportPane) => {
      const kept = new URLSearchParams(params);
      kept.delete(TICKET);
      kept.delete(NEW);
      if (next.kind === 'thread') kept.set(TICKET, next.ticketId);
      if (next.kind === 'new') kept.set(NEW, '1');
      const search = kept.toString();
      return search ? `?${search}` : '?';
    },
    [params],
  );

  return { query, status, pane, setPage, setFilters, hrefOf };
}
