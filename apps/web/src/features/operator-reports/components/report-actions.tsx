import RefreshRounded from '@mui/icons-material/RefreshRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ExportCsvButton } from './export-csv-button.tsx';

type Props = {
  /** Runs the report again on the books as they are now. */
  onRun: () => void;
  isRunning: boolean;
  csvPath: string;
  fileName: string;
};

/** A report's header actions: run it again, export it as CSV. */
export function ReportActions({ onRun, isRunning, csvPath, fileName }: Props) {
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      <Button variant="outlined" startIcon={<RefreshRounded />} loading={isRunning} onClick={onRun}>
        Run again
      </Button>
      <ExportCsvButton path={csvPath} fileName={fileName} />
    </Stack>
  );
}
