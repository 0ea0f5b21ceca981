import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import type { QueryParams } from '../../../lib/query-string.ts';
import { useDownloadCsv } from '../api/download-csv.ts';

type Props = {
  path: string;
  fileName: string;
  /** The list's filters, so the file holds what the screen shows. */
  query?: QueryParams;
  disabled?: boolean;
  sx?: SxProps<Theme>;
};

/** "Export CSV" for a report or a filtered list: the ledger, the audit log, the reports. */
export function ExportCsvButton({ path, fileName, query, disabled, sx }: Props) {
  const download = useDownloadCsv();
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadRounded />}
      loading={download.isPending}
      disabled={disabled}
      onClick={() => download.mutate({ path, fileName, query })}
      sx={sx}
    >
      Export CSV
    </Button>
  );
}
