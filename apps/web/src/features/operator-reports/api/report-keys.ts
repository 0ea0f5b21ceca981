import { operatorKeys } from '../../../lib/operator-query-keys.ts';

/** Every query of the console's reports lives under the 'reports' area. */
export const reportKeys = {
  dashboard: () => operatorKeys.area('reports', 'dashboard'),
  transfers: (query: unknown) => operatorKeys.area('reports', 'transfers', query),
  transfer: (id: string) => operatorKeys.area('reports', 'transfer', id),
  accountPostings: (query: unknown) => operatorKeys.area('reports', 'account-postings', query),
  reconciliation: () => operatorKeys.area('reports', 'reconciliation'),
  liabilities: () => operatorKeys.area('reports', 'liabilities'),
  auditLog: (query: unknown) => operatorKeys.area('reports', 'audit-log', query),
};
