import PaidRounded from '@mui/icons-material/PaidRounded';
import { LinkButton } from '../../../components/link-button.tsx';
import { ListStates } from '../../../components/list-states.tsx';
import { paths } from '../../../config/paths.ts';
import { useWithdrawals } from '../api/get-withdrawals.ts';
import { useWithdrawalListQuery } from '../hooks/use-withdrawal-list-query.ts';
import { PayoutCards } from './payout-cards.tsx';
import { PayoutTable } from './payout-table.tsx';

/** Every paid withdrawal of both wallets, newest first, with its chain transaction hash. */
export function PayoutList() {
  const { query, setPage } = useWithdrawalListQuery({ status: 'paid' });
  const payouts = useWithdrawals(query);
  return (
    <ListStates
      query={payouts}
      page={query.page}
      onPageChange={setPage}
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
      table={(page) => <PayoutTable payouts={page.data} />}
      cards={(page) => <PayoutCards payouts={page.data} />}
    />
  );
}
