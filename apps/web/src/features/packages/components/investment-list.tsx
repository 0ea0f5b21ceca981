import TrendingUpRounded from '@mui/icons-material/TrendingUpRounded';
import { LinkButton } from '../../../components/link-button.tsx';
import { PagedStates } from '../../../components/paged-states.tsx';
import { paths } from '../../../config/paths.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useMyPackages } from '../api/get-my-packages.ts';
import { InvestmentCards } from './investment-card.tsx';

const noFilters = [] as const;

/** The member's purchased packages, newest first, a page at a time, as cards at every width. */
export function InvestmentList() {
  const { page, setPage } = useListParams(noFilters);
  const investments = useMyPackages(page);
  return (
    <PagedStates
      query={investments}
      paging={{ page, onChange: setPage }}
      label="Investments"
      errorMessage="Your investments could not be loaded."
      empty={{
        icon: <TrendingUpRounded />,
        title: 'No investments yet',
        description:
          'Buy a package from your fund wallet and it will be listed here with its daily profit.',
        action: (
          <LinkButton to={paths.packages} variant="contained">
            See packages
          </LinkButton>
        ),
      }}
    >
      {(records) => <InvestmentCards investments={records} />}
    </PagedStates>
  );
}
