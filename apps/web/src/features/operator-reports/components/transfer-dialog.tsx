import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DetailList } from '../../../components/detail-list.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { RecordRows } from '../../../components/record-list.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTransfer } from '../api/get-transfers.ts';
import { formatExactMoney } from '../utils/exact-money.ts';
import { kindLabel } from '../utils/kind-label.ts';
import { postingColumns } from './ledger-columns.tsx';

type Props = {
  transferId: string | null;
  onClose: () => void;
  /** Leaves the transfer for everything posted to one of its accounts. */
  onOpenAccount: (account: string) => void;
};

function TransferBody({
  transferId,
  onOpenAccount,
}: Omit<Props, 'onClose'> & { transferId: string }) {
  const { data, isPending, isError, refetch } = useTransfer(transferId);
  if (isPending) return <SkeletonRows label="Loading the postings" />;
  if (isError)
    return (
      <QueryError message="The transfer could not be loaded." onRetry={() => void refetch()} />
    );
  return (
    <Stack spacing={2}>
      <DetailList
        dense
        items={[
          { label: 'Kind', value: kindLabel(data.kind) },
          { label: 'Amount', value: formatExactMoney(data.amount) },
          {
            label: 'Member',
            value: data.memberCode ? `${data.memberCode} · ${data.memberName}` : 'House',
          },
          { label: 'When', value: formatDateTime(data.createdAt) },
          {
            label: 'Reference',
            value: (
              <Typography component="span" variant="inherit" sx={{ wordBreak: 'break-all' }}>
                {data.reference}
              </Typography>
            ),
          },
        ]}
      />
      <RecordRows
        records={data.postings}
        columns={postingColumns(onOpenAccount)}
        label="Postings"
      />
    </Stack>
  );
}

/** One transfer's postings: each account, the amount and the member account's balance after. */
export function TransferDialog({ transferId, onClose, onOpenAccount }: Props) {
  return (
    <Dialog open={transferId !== null} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{`Transfer ${transferId ?? ''}`}</DialogTitle>
      <DialogContent>
        {transferId && <TransferBody transferId={transferId} onOpenAccount={onOpenAccount} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
