import {
  DEFAULT_MARKET_INTERVAL,
  MARKET_INTERVALS,
  type MarketInterval,
  type MarketPair,
  type MarketPairView,
} from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { FigureGrid } from '../../../components/figure-grid.tsx';
import { FigureGridSkeleton } from '../../../components/figure-grid-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { useMarketKlines } from '../api/get-market-klines.ts';
import { useMarketPairs } from '../api/get-market-pairs.ts';
import { coinName, formatRate, formatVolume, pairTitle } from '../format.ts';
import { MarketPairsCard } from './market-pairs-card.tsx';
import { MarketSection } from './market-section.tsx';
import { PairIcon } from './pair-icon.tsx';
import { PriceChange } from './price-change.tsx';
import { SimulatedLabel } from './simulated-label.tsx';

const CandleChart = lazy(() => import('./candle-chart.tsx'));

const CHART_HEIGHT = { xs: 300, md: 420 };
const INTERVAL_NAMES: Record<MarketInterval, string> = {
  '1m': '1 minute',
  '15m': '15 minutes',
  '1h': '1 hour',
  '4h': '4 hours',
  '1d': '1 day',
};

const unlisted = (name: string) =>
  `${name} has no price right now: the market data source does not list this pair.`;

function PriceSummary({ pair }: { pair: MarketPairView }) {
  const quote = pair.base.toUpperCase();
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <PairIcon src={pair.image} size={40} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            Last price (USDT)
          </Typography>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
            <Typography
              component="p"
              variant="h4"
              sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
            >
              {formatRate(pair.rate)}
            </Typography>
            <PriceChange change={pair.change} large />
          </Stack>
        </Box>
      </Stack>
      <FigureGrid
        label="24-hour figures"
        figures={[
          { label: '24 h high', value: formatRate(pair.high) },
          { label: '24 h low', value: formatRate(pair.low) },
          { label: '24 h volume', value: formatVolume(pair.volume), hint: `in ${quote}` },
          { label: '24 h turnover', value: formatVolume(pair.quoteVolume), hint: 'in USDT' },
        ]}
      />
    </Stack>
  );
}

function ChartCard({ pair, name, rate }: { pair: MarketPair; name: string; rate: string | null }) {
  const [interval, setCandleInterval] = useState<MarketInterval>(DEFAULT_MARKET_INTERVAL);
  const klines = useMarketKlines(pair.symbol, interval);
  const chartSkeleton = <Skeleton variant="rounded" sx={{ height: CHART_HEIGHT }} />;
  let body;
  if (klines.isPending)
    body = (
      <Box role="status" aria-label="Loading candles">
        {chartSkeleton}
      </Box>
    );
  else if (klines.isError)
    body = (
      <QueryError
        message="The candles could not be loaded."
        onRetry={() => void klines.refetch()}
      />
    );
  else if (!klines.data.available) body = <Alert severity="info">{unlisted(name)}</Alert>;
  else
    body = (
      <Box sx={{ opacity: klines.isPlaceholderData ? 0.5 : 1, transition: 'opacity 150ms' }}>
        <Suspense fallback={chartSkeleton}>
          <CandleChart
            candles={klines.data.candles}
            interval={klines.data.interval}
            rate={klines.isPlaceholderData ? null : rate}
            height={CHART_HEIGHT}
            label={`Candle chart of ${name}, ${INTERVAL_NAMES[klines.data.interval]} candles`}
          />
        </Suspense>
      </Box>
    );
  return (
    <MarketSection
      title="Price chart"
      simulated={klines.data?.source === 'simulated'}
      actions={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={interval}
          onChange={(_, next: MarketInterval | null) => next && setCandleInterval(next)}
          aria-label="Candle interval"
        >
          {MARKET_INTERVALS.map((each) => (
            <ToggleButton
              key={each}
              value={each}
              title={`${INTERVAL_NAMES[each]} candles`}
              sx={{ px: 1.5 }}
            >
              {each}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      }
    >
      {body}
    </MarketSection>
  );
}

/** /btc-usdt and the other pairs: the live price, the day's figures and the candles. */
export function PairDetail({ pair }: { pair: MarketPair }) {
  const pairs = useMarketPairs();
  const name = pairTitle(pair.displayName);
  const live = pairs.data?.pairs.find((each) => each.symbol === pair.symbol);
  let summary;
  if (pairs.isPending) summary = <FigureGridSkeleton label={`Loading ${name}`} count={4} />;
  else if (pairs.isError || !live)
    summary = (
      <QueryError message="The price could not be loaded." onRetry={() => void pairs.refetch()} />
    );
  else if (!live.available) summary = <Alert severity="info">{unlisted(name)}</Alert>;
  else summary = <PriceSummary pair={live} />;
  return (
    <>
      <PageHeader
        title={name}
        subtitle={`${coinName(pair.apiname, pair.base)} priced in USDT`}
        actions={pairs.data?.source === 'simulated' ? <SimulatedLabel /> : undefined}
      />
      <Stack spacing={3}>
        <Paper variant="outlined" component="section" aria-label={`${name} price`} sx={{ p: 2 }}>
          {summary}
        </Paper>
        <ChartCard pair={pair} name={name} rate={live?.rate ?? null} />
        <MarketPairsCard title="All pairs" />
      </Stack>
    </>
  );
}
