import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** The name the browser saves the member's data under, as the server names it. */
export const memberDataFileName = (loginId: string, day: string) => `my-data-${loginId}-${day}.zip`;

/**
 * GET auth/data-export: the member's data as one ZIP. Fetched with the session's token (a plain
 * link cannot send it) and handed to the browser; a refusal (three downloads an hour) is toasted
 * by the API client, as for any call.
 */
export async function downloadMemberData(loginId: string): Promise<void> {
  const blob = await apiClient.download('auth/data-export', { accept: 'application/zip' });
  saveFile(blob, memberDataFileName(loginId, new Date().toISOString().slice(0, 10)));
}

export const useDownloadMemberData = () => useMutation({ mutationFn: downloadMemberData });
