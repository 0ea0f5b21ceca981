import { auditLogPage, type AuditLogQuery } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { operatorApi } from '../../../lib/operator-client.ts';
import { reportKeys } from './report-keys.ts';

/** GET operator/audit-log: a page of operator actions, newest first. */
const auditLogOptions = (query: AuditLogQuery) =>
  queryOptions({
    queryKey: reportKeys.auditLog(query),
    queryFn: ({ signal }) =>
      operatorApi
        .get('audit-log', { schema: auditLogPage, query, signal })
        .then(({ data }) => data),
  });

export const useAuditLog = (query: AuditLogQuery) =>
  useQuery({ ...auditLogOptions(query), placeholderData: keepPreviousData });
