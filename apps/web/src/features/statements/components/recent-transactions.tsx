import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RecordList } from '../../../components/record-list.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useStatement } from '../api/get-statement.ts';
import { statementColumns } from './statement-columns.tsx';

const RECENT = { page: 1, pageSize: 5 } as const;

/** The last five statement lines, with the way to the whole history (no pager). */
export function RecentTransactions() {
  const statement = useStatement(RECENT);
  return (
    <Stack component="section" aria-labelledby="recent-transactions" spacing={1.5}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography id="recent-transactions" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          Recent transactions
        </Typography>
        <TextLink to={paths.transactionHistory}>View all</TextLink>
      </Stack>
      <RecordList
        query={statement}
        label="Recent transactions"
        errorMessage="Your recent transactions could not be loaded."
        empty={{
          icon: <ReceiptLongRounded />,
          title: 'No transactions yet',
          description: 'Every movement of your wallets will show here.',
        }}
        columns={statementColumns}
      />
    </Stack>
  );
}
