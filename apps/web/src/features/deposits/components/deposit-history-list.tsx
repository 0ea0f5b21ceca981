import { DEPOSIT_STATUSES, type DepositStatus, type DepositView } from '@app/contracts';
import AccountBalanceWalletRounded from '@mui/icons-material/AccountBalanceWalletRounded';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { LinkButton } from '../../../components/link-button.tsx';
import { ListStates } from '../../../components/list-states.tsx';
import { paths } from '../../../config/paths.ts';
import { useDepositHistory } from '../api/get-deposit-history.ts';
import { useDepositHistoryQuery } from '../hooks/use-deposit-history-query.ts';
import { depositStatusLabels } from '../utils/deposit-labels.ts';
import { AddTxHashDialog } from './add-tx-hash-dialog.tsx';
import { DepositHistoryCards } from './deposit-history-cards.tsx';
import { DepositHistoryTable } from './deposit-history-table.tsx';

const ALL = 'all';

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
      <TextField
        select
        label="Status"
        size="small"
        value={query.status ?? ALL}
        onChange={(event) =>
          setStatus(event.target.value === ALL ? undefined : (event.target.value as DepositStatus))
        }
        sx={{ width: { xs: '100%', sm: 220 } }}
      >
        <MenuItem value={ALL}>All statuses</MenuItem>
        {DEPOSIT_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {depositStatusLabels[status].label}
          </MenuItem>
        ))}
      </TextField>
      <ListStates
        query={history}
        page={query.page}
        onPageChange={setPage}
        label="Deposits"
        errorMessage="Your deposits could not be loaded."
        empty={{
          icon: <AccountBalanceWalletRounded />,
          title: statusLabel ? `No ${statusLabel} deposits` : 'No deposits yet',
          description: statusLabel
            ? 'Choose another status, or all of them.'
            : 'Add USDT to your fund wallet to buy packages; every deposit is listed here with its status.',
          action: !statusLabel && (
            <LinkButton to={paths.deposits} variant="contained">
              Make a deposit
            </LinkButton>
          ),
        }}
        table={(data) => <DepositHistoryTable deposits={data.data} onAddHash={addHash} />}
        cards={(data) => <DepositHistoryCards deposits={data.data} onAddHash={addHash} />}
      />
      <AddTxHashDialog
        deposit={hashFor}
        isOpen={isDialogOpen}
        onClose={() => setDialogOpen(false)}
      />
    </Stack>
  );
}
