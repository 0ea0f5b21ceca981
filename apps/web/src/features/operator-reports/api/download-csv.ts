import { useMutation } from '@tanstack/react-query';
import { operatorApi } from '../../../lib/operator-client.ts';
import type { QueryParams } from '../../../lib/query-string.ts';
import { saveFile } from '../../../lib/save-file.ts';

type Download = { path: string; fileName: string; query?: QueryParams };

/**
 * A report's CSV export, fetched with the operator's token (a link cannot carry it; a refusal
 * is toasted as for any call) and handed to the browser to save.
 */
export async function downloadCsv({ path, fileName, query }: Download): Promise<void> {
  const blob = await operatorApi.download(path, { accept: 'text/csv', query });
  saveFile(blob, fileName);
}

export const useDownloadCsv = () => useMutation({ mutationFn: downloadCsv });
