import type { StatementFilter } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export const STATEMENT_CSV_FILE = 'transactions.csv';

/**
 * GET auth/transaction-hist.csv with the list's filters. A plain link cannot send the bearer
 * token, so the file is fetched with it (a refusal is toasted, and a 401 ends the session, as
 * for any call) and handed to the browser as a Blob.
 */
export async function downloadStatementCsv(filter: StatementFilter): Promise<void> {
  const blob = await apiClient.download('auth/transaction-hist.csv', {
    accept: 'text/csv',
    query: filter,
  });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = STATEMENT_CSV_FILE;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download only after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

export const useDownloadStatementCsv = () => useMutation({ mutationFn: downloadStatementCsv });
