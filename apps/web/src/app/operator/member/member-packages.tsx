import type { OperatorMemberDetail } from '@app/contracts';
import TrendingUpRounded from '@mui/icons-material/TrendingUpRounded';
import Stack from '@mui/material/Stack';
import { FigureGrid } from '../../../components/figure-grid.tsx';
import { Money } from '../../../components/money.tsx';
import { PagedStates } from '../../../components/paged-states.tsx';
import { InvestmentCards } from '../../../features/packages/components/investment-card.tsx';
import { useMemberPackages } from '../../../features/operator-members/api/get-member-lists.ts';

type Props = {
  memberId: string;
  summary: OperatorMemberDetail['packages'];
  page: number;
  onPage: (page: number) => void;
};

/** What the member holds now, then every purchase as the member's own investments show it. */
export function MemberPackages({ memberId, summary, page, onPage }: Props) {
  const packages = useMemberPackages(memberId, page);
  return (
    <Stack spacing={2}>
      <FigureGrid
        label="Active packages"
        columns={{ xs: 2, md: 2 }}
        figures={[
          { label: 'Active packages', value: summary.active },
          { label: 'Active amount', value: <Money value={summary.amount} decimals="amount" /> },
        ]}
      />
      <PagedStates
        query={packages}
        paging={{ page, onChange: onPage }}
        label="Packages"
        errorMessage="The member's packages could not be loaded."
        empty={{
          icon: <TrendingUpRounded />,
          title: 'No packages bought',
          description: 'Packages the member buys are listed here with their daily profit.',
        }}
      >
        {(records) => <InvestmentCards investments={records} />}
      </PagedStates>
    </Stack>
  );
}
