import { DEFAULT_PAGE_SIZE, type AuditLogFilter, type AuditLogQuery } from '@app/contracts';
import { useMemo } from 'react';
import { useListParams } from '../../../lib/use-list-params.ts';
import { dayRange, validDay } from '../utils/list-filters.ts';

const filterKeys = ['operatorId', 'action', 'targetType', 'targetId', 'from', 'to'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The audit log's page and filters, read from and written to the address. */
export function useAuditQuery() {
  const { page, filters, setPage, setFilters } = useListParams(filterKeys);
  const filter = useMemo<AuditLogFilter>(
    () => ({
      operatorId:
        filters.operatorId && UUID.test(filters.operatorId) ? filters.operatorId : undefined,
      action: filters.action,
      targetType: filters.targetType,
      targetId: filters.targetId,
      ...dayRange(filters.from, filters.to),
    }),
    [filters],
  );
  const query = useMemo<AuditLogQuery>(
    () => ({ page, pageSize: DEFAULT_PAGE_SIZE, ...filter }),
    [page, filter],
  );
  return {
    query,
    filter,
    raw: { ...filters, from: validDay(filters.from), to: validDay(filters.to) },
    setPage,
    setFilters,
  };
}
