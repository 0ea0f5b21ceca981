import type { StatementFilter } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

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
  saveFile(blob, STATEMENT_CSV_FILE);
}

export const useDownloadStatementCsv = () => useMutation({ mutationFn: downloadStatementCsv });
