import { DEPOSIT_STATUSES, type DepositView } from '@app/contracts';
import AccountBalanceWalletRounded from '@mui/icons-material/AccountBalanceWalletRounded';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { LinkButton } from '../../../components/link-button.tsx';
import { dateTimeColumn, moneyColumn } from '../../../components/record-columns.tsx';
import { RecordList, type RecordColumn } from '../../../components/record-list.tsx';
import { StatusFilter } from '../../../components/select-filter.tsx';
import { paths } from '../../../config/paths.ts';
import { useDepositHistory } from '../api/get-deposit-history.ts';
import { useDepositHistoryQuery } from '../hooks/use-deposit-history-query.ts';
import { depositStatusLabels, providerLabels } from '../utils/deposit-labels.ts';
import { AddTxHashDialog } from './add-tx-hash-dialog.tsx';
import { DepositReason, DepositTxHash } from './deposit-details.tsx';
import { DepositStatusChip } from './deposit-status-chip.tsx';

/** The reason of a refusal under its status; a pending manual deposit asks for its hash. */
const depositColumns = (onAddHash: (deposit: DepositView) => void): RecordColumn<DepositView>[] => [
  dateTimeColumn('Date', (deposit) => deposit.createdAt, 'detail'),
  moneyColumn('Amount', (deposit) => deposit.amount, 'amount'),
  {
    header: 'Method',
    cell: (deposit) => providerLabels[deposit.provider],
    card: 'title',
    isNowrap: true,
  },
  {
    header: 'Status',
    cell: (deposit) => (
      <>
        <DepositStatusChip status={deposit.status} />
        <DepositReason deposit={deposit} />
      </>
    ),
    card: 'detail',
  },
  {
    header: 'Transaction hash',
    cell: (deposit) => <DepositTxHash deposit={deposit} onAddHash={onAddHash} />,
    card: 'detail',
  },
];

/** The member's deposits, newest first, by status, with the hash still to add where needed. */
export function DepositHistoryList() {
  const { query, setPage, setStatus } = useDepositHistoryQuery();
  const history = useDepositHistory(query);
  const [hashFor, setHashFor] = useState<DepositView | null>(null);
  const [isDialogOpen, setDialogOpen] = useState(false);
  const addHash = (deposit: DepositView) => {
    setHashFor(deposit);
    setDialogOpen(true);
  };
  const statusLabel = query.status && depositStatusLabels[query.status].label.toLowerCase();

  return (
    <Stack spacing={2}>
      <StatusFilter
        statuses={DEPOSIT_STATUSES}
        statusLabel={(status) => depositStatusLabels[status].label}
        value={query.status}
        onChange={setStatus}
      />
      <RecordList
        query={history}
        paging={{ page: query.page, onChange: setPage }}
        label="Deposits"
        errorMessage="Your deposits could not be loaded."
        empty={{
          icon: <AccountBalanceWalletRounded />,
          title: 'No deposits yet',
          description:
            'Add USDT to your fund wallet to buy packages; every deposit is listed here with its status.',
          action: (
            <LinkButton to={paths.deposits} variant="contained">
              Make a deposit
            </LinkButton>
          ),
        }}
        isFiltered={Boolean(statusLabel)}
        emptyFiltered={{
          title: `No ${statusLabel} deposits`,
          description: 'Choose another status, or all of them.',
        }}
        columns={depositColumns(addHash)}
      />
      <AddTxHashDialog
        deposit={hashFor}
        isOpen={isDialogOpen}
        onClose={() => setDialogOpen(false)}
      />
    </Stack>
  );
}
