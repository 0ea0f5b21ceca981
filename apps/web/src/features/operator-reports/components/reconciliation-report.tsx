import type { UseQueryResult } from '@tanstack/react-query';
import type { ReconciliationData } from '@app/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DetailList } from '../../../components/detail-list.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { RecordRows } from '../../../components/record-list.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { formatExactMoney } from '../utils/exact-money.ts';
import { ReconciliationChip } from './reconciliation-chip.tsx';
import { ReportCard } from './report-card.tsx';

const money = (value: number) => formatExactMoney(value);
const twoColumns = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
};

function Mismatches({ data }: { data: ReconciliationData }) {
  if (data.ok) return null;
  return (
    <Stack spacing={2}>
      {data.unbalancedTransfers.length > 0 && (
        <ReportCard title="Unbalanced transfers">
          <RecordRows
            label="Unbalanced transfers"
            records={data.unbalancedTransfers.map((row) => ({ ...row, id: row.transferId }))}
            columns={[
              { header: 'Transfer', cell: (row) => row.transferId, card: 'title' },
              { header: 'Postings', cell: (row) => row.postingCount, card: 'detail' },
              { header: 'Sum', cell: (row) => money(row.sum), align: 'right', card: 'amount' },
            ]}
          />
        </ReportCard>
      )}
      {data.mismatchedAccounts.length > 0 && (
        <ReportCard title="Balances that differ from their postings">
          <RecordRows
            label="Mismatched accounts"
            records={data.mismatchedAccounts.map((row) => ({ ...row, id: row.accountId }))}
            columns={[
              { header: 'Account', cell: (row) => row.accountId, card: 'title' },
              {
                header: 'Cached',
                cell: (row) => money(row.cached),
                align: 'right',
                card: 'amount',
              },
              {
                header: 'Postings',
                cell: (row) => money(row.postings),
                align: 'right',
                card: 'detail',
              },
            ]}
          />
        </ReportCard>
      )}
      {data.heldMismatches.length > 0 && (
        <ReportCard title="Held amounts that differ from pending holds">
          <RecordRows
            label="Held mismatches"
            records={data.heldMismatches.map((row) => ({ ...row, id: row.accountId }))}
            columns={[
              { header: 'Account', cell: (row) => row.accountId, card: 'title' },
              { header: 'Held', cell: (row) => money(row.held), align: 'right', card: 'amount' },
              {
                header: 'Pending holds',
                cell: (row) => money(row.pending),
                align: 'right',
                card: 'detail',
              },
            ]}
          />
        </ReportCard>
      )}
    </Stack>
  );
}

type Props = { query: UseQueryResult<ReconciliationData> };

/** The reconciliation: the check's verdict, any mismatch, then wallets and house accounts. */
export function ReconciliationReport({ query }: Props) {
  const { data, isPending, isError, refetch } = query;
  if (isPending) return <SkeletonRows label="Running the reconciliation" />;
  if (isError)
    return (
      <QueryError message="The reconciliation could not be run." onRetry={() => void refetch()} />
    );
  return (
    <Stack spacing={2}>
      <Box>
        <ReconciliationChip ok={data.ok} checkedAt={data.checkedAt} />
      </Box>
      <ReportCard title="The check">
        <DetailList
          items={[
            {
              label: 'Sum of every posting (0 when no money was made or lost)',
              value: money(data.totalPostings),
            },
            { label: 'Transfers', value: data.transfers.toLocaleString('en') },
            { label: 'Member accounts', value: data.memberAccounts.toLocaleString('en') },
          ]}
        />
      </ReportCard>
      <Mismatches data={data} />
      <Box sx={twoColumns}>
        <ReportCard title="Member wallets">
          <RecordRows
            label="Member wallets"
            records={data.memberWallets.map((row) => ({ ...row, id: row.wallet }))}
            columns={[
              { header: 'Wallet', cell: (row) => row.wallet, card: 'title' },
              {
                header: 'Balance',
                cell: (row) => money(row.balance),
                align: 'right',
                card: 'amount',
              },
              { header: 'Held', cell: (row) => money(row.held), align: 'right', card: 'detail' },
            ]}
          />
        </ReportCard>
        <ReportCard title="House accounts">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Each is the sum of its postings: negative when money left it or is owed from it.
          </Typography>
          <RecordRows
            label="House accounts"
            records={data.houseAccounts.map((row) => ({ ...row, id: row.code }))}
            columns={[
              { header: 'Account', cell: (row) => row.code, card: 'title' },
              {
                header: 'Balance',
                cell: (row) => money(row.balance),
                align: 'right',
                card: 'amount',
              },
            ]}
          />
        </ReportCard>
      </Box>
    </Stack>
  );
}
