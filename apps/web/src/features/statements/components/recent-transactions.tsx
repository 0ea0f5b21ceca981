import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { EmptyState } from '../../../components/empty-state.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useStatement } from '../api/get-statement.ts';
import { StatementCards } from './statement-cards.tsx';
import { StatementTable } from './statement-table.tsx';

const RECENT = { page: 1, pageSize: 5 } as const;
const LABEL = 'Recent transactions';

/** The last five statement lines, with the way to the whole history. */
export function RecentTransactions() {
  const { data, isPending, isError, refetch } = useStatement(RECENT);
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Stack component="section" aria-labelledby="recent-transactions" spacing={1.5}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography id="recent-transactions" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {LABEL}
        </Typography>
        <TextLink to={paths.transactionHistory}>View all</TextLink>
      </Stack>
      {isPending && <SkeletonRows rows={5} label="Loading recent transactions" />}
      {isError && (
        <QueryError
          message="Your recent transactions could not be loaded."
          onRetry={() => void refetch()}
        />
      )}
      {data && data.total === 0 && (
        <Paper variant="outlined">
          <EmptyState
            icon={<ReceiptLongRounded />}
            title="No transactions yet"
            description="Every movement of your wallets will show here."
          />
        </Paper>
      )}
      {data &&
        data.total > 0 &&
        (isPhone ? (
          <StatementCards lines={data.data} label={LABEL} />
        ) : (
          <StatementTable lines={data.data} label={LABEL} />
        ))}
    </Stack>
  );
}
