import TrendingUpRounded from '@mui/icons-material/TrendingUpRounded';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LinkButton } from '../../../components/link-button.tsx';
import { Pager } from '../../../components/pager.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { paths } from '../../../config/paths.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useMyPackages } from '../api/get-my-packages.ts';
import { InvestmentCard } from './investment-card.tsx';

const noFilters = [] as const;

/** The member's purchased packages, newest first, a page at a time. */
export function InvestmentList() {
  const { page, setPage } = useListParams(noFilters);
  const { data, isPending, isError, refetch } = useMyPackages(page);

  if (isPending) return <SkeletonRows label="Loading investments" height={56} />;
  if (isError)
    return (
      <QueryError message="Your investments could not be loaded." onRetry={() => void refetch()} />
    );
  if (data.total === 0) {
    return (
      <Paper variant="outlined">
        <EmptyState
          icon={<TrendingUpRounded />}
          title="No investments yet"
          description="Buy a package from your fund wallet and it will be listed here with its daily profit."
          action={
            <LinkButton to={paths.packages} variant="contained">
              See packages
            </LinkButton>
          }
        />
      </Paper>
    );
  }

  return (
    <Stack spacing={2}>
      <Grid container spacing={2}>
        {data.data.map((investment) => (
          <Grid key={investment.id} size={{ xs: 12, md: 6 }}>
            <InvestmentCard investment={investment} />
          </Grid>
        ))}
      </Grid>
      <Pager
        page={page}
        pageSize={data.pageSize}
        total={data.total}
        label="Investment pages"
        onChange={setPage}
      />
    </Stack>
  );
}
