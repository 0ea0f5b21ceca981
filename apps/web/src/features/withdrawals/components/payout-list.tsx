import PaidRounded from '@mui/icons-material/PaidRounded';
import { LinkButton } from '../../../components/link-button.tsx';
import { RecordList } from '../../../components/record-list.tsx';
import { paths } from '../../../config/paths.ts';
import { useWithdrawals } from '../api/get-withdrawals.ts';
import { useWithdrawalListQuery } from '../hooks/use-withdrawal-list-query.ts';
import { payoutColumns } from './withdrawal-columns.tsx';

/** Every paid withdrawal of both wallets, newest first, with its chain transaction hash. */
export function PayoutList() {
  const { query, setPage } = useWithdrawalListQuery({ status: 'paid' });
  const payouts = useWithdrawals(query);
  return (
    <RecordList
      query={payouts}
      paging={{ page: query.page, onChange: setPage }}
      label="Payouts"
      errorMessage="Your payouts could not be loaded."
      empty={{
        icon: <PaidRounded />,
        title: 'No payouts yet',
        description:
          'Once a withdrawal is paid it is listed here with the blockchain transaction that paid it.',
        action: (
          <LinkButton to={paths.withdrawal} variant="contained">
            Withdraw
          </LinkButton>
        ),
      }}
      columns={payoutColumns}
    />
  );
}
