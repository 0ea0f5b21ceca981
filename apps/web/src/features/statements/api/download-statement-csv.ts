import type { StatementFilter } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { env } from '../../../config/env.ts';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { clearSession, getAccessToken } from '../../../lib/auth-store.ts';
import { readErrorDetails } from '../../../lib/envelope.ts';
import { toQueryString } from '../../../lib/query-string.ts';
import { notifyError } from '../../../lib/toast.ts';

export const STATEMENT_CSV_FILE = 'transactions.csv';

/**
 * GET auth/transaction-hist.csv with the list's filters. A plain link cannot send the bearer
 * token, so the file is fetched with it and handed to the browser as a Blob.
 */
export async function downloadStatementCsv(filter: StatementFilter): Promise<void> {
  const token = getAccessToken();
  const url = `${env.apiBasePath}auth/transaction-hist.csv${toQueryString(filter)}`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new Error(NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    // Like every other call: a refused session ends it here too.
    if (response.status === 401) clearSession();
    const text = await response.text();
    let payload: unknown = null;
    try {
      payload = JSON.parse(text);
    } catch {
      payload = null;
    }
    throw new Error(readErrorDetails(payload, response.status).messages.join('\n'));
  }
  const blob = await response.blob();
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

export const useDownloadStatementCsv = () =>
  useMutation({
    mutationFn: downloadStatementCsv,
    onError: (error) => notifyError(error.message),
  });
