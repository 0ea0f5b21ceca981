import type { PlanVersionView } from '@app/contracts';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { RecordList, type RecordColumn } from '../../../components/record-list.tsx';
import { dateTimeColumn } from '../../../components/record-columns.tsx';
import { usePlanVersions } from '../api/plan.ts';
import { PlanView } from './plan-view.tsx';

type Row = PlanVersionView & { id: string };

/** Every published version, newest first; each opens read only. */
export function PlanVersions({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const versions = usePlanVersions(page);
  const [shown, setShown] = useState<PlanVersionView | null>(null);
  const { breakpoints } = useTheme();
  const isPhone = useMediaQuery(breakpoints.down('sm'));
  const columns: RecordColumn<Row>[] = [
    { header: 'Version', cell: (row) => `Version ${row.version}`, card: 'title' },
    dateTimeColumn('Published', (row) => row.createdAt, 'detail'),
    { header: 'By', cell: (row) => row.publishedBy ?? 'Set up with the platform', card: 'detail' },
    {
      header: 'Terms',
      cell: (row) => (
        <Button
          size="small"
          onClick={() => setShown(row)}
          aria-label={`View version ${row.version}`}
        >
          View
        </Button>
      ),
      align: 'right',
      card: 'amount',
    },
  ];
  return (
    <>
      <RecordList
        query={versions}
        columns={columns}
        paging={{ page, onChange: onPage }}
        label="Plan versions"
        errorMessage="The plan's versions could not be loaded."
        empty={{
          icon: <HistoryRounded />,
          title: 'No versions',
          description: 'The platform is set up with a first version; none was found.',
        }}
      />
      <Dialog
        open={shown !== null}
        onClose={() => setShown(null)}
        fullWidth
        maxWidth="md"
        fullScreen={isPhone}
        aria-labelledby="plan-version-title"
      >
        <DialogTitle id="plan-version-title">Plan version {shown?.version}</DialogTitle>
        <DialogContent>{shown && <PlanView plan={shown.document} />}</DialogContent>
        <DialogActions>
          <Button onClick={() => setShown(null)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
