import type { MarketPairView } from '@app/contracts';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { QueryError } from '../../../components/query-error.tsx';
import { buildPath } from '../../../config/paths.ts';
import { useMarketPairs } from '../api/get-market-pairs.ts';
import { coinName, formatRate, pairTitle } from '../format.ts';
import { PairIcon } from './pair-icon.tsx';
import { PriceChange } from './price-change.tsx';
import { MarketSection } from './market-section.tsx';

const ROW_HEIGHT = 60;
const PAIR_COUNT = 16;

/** As many columns of pairs as the card's width holds, one on a phone. */
const gridSx = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
  columnGap: 2,
  rowGap: 0.5,
  m: 0,
  p: 0,
  listStyle: 'none',
} as const;

function PairRow({ pair }: { pair: MarketPairView }) {
  const name = pairTitle(pair.displayName);
  return (
    <Box component="li" sx={{ minWidth: 0 }}>
      <Box
        component={RouterLink}
        to={buildPath.cryptoDetail(pair.symbol)}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          height: ROW_HEIGHT,
          px: 1,
          borderRadius: 1,
          color: 'inherit',
          textDecoration: 'none',
          '&:hover': { bgcolor: 'action.hover' },
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        <PairIcon src={pair.image} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 700 }}>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {coinName(pair.apiname, pair.base)}
          </Typography>
        </Box>
        <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
          {pair.available ? (
            <>
              <Typography
                variant="body2"
                sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
              >
                {formatRate(pair.rate)}
              </Typography>
              <PriceChange change={pair.change} />
            </>
          ) : (
            <Typography variant="caption" color="text.secondary">
              Unavailable
            </Typography>
          )}
        </Box>
      </Box>
    </Box>
  );
}

function PairsSkeleton() {
  return (
    <Box
      component="ul"
      role="status"
      aria-label="Loading market prices"
      aria-busy="true"
      sx={gridSx}
    >
      {Array.from({ length: PAIR_COUNT }, (_, index) => (
        <Box
          component="li"
          key={index}
          sx={{ display: 'flex', alignItems: 'center', gap: 1.5, height: ROW_HEIGHT, px: 1 }}
        >
          <Skeleton variant="circular" width={32} height={32} />
          <Skeleton variant="text" sx={{ flexGrow: 1 }} />
          <Skeleton variant="text" width={72} />
        </Box>
      ))}
    </Box>
  );
}

/**
 * The sixteen market pairs with price and 24-hour change, kept current by the price stream;
 * each leads to its own page. Says plainly when the prices are simulated.
 */
export function MarketPairsCard({ title = 'Market' }: { title?: string }) {
  const { data, isPending, isError, refetch } = useMarketPairs();
  return (
    <MarketSection title={title} simulated={data?.source === 'simulated'}>
      {isPending ? (
        <PairsSkeleton />
      ) : isError ? (
        <QueryError message="Market prices could not be loaded." onRetry={() => void refetch()} />
      ) : (
        <Box component="ul" aria-label="Market pairs" sx={gridSx}>
          {data.pairs.map((pair) => (
            <PairRow key={pair.symbol} pair={pair} />
          ))}
        </Box>
      )}
    </MarketSection>
  );
}
