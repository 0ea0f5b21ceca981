import { findMarketPair } from '@app/contracts';
import { useParams } from 'react-router';
import { NotFound } from '../../components/not-found.tsx';
import { PairDetail } from '../../features/market/components/pair-detail.tsx';

/** /btc-usdt and the other fifteen pairs; any other single segment is not a page. */
export default function CryptoDetailRoute() {
  const pair = findMarketPair(useParams().symbol ?? '');
  if (!pair) return <NotFound />;
  // Keyed by the pair: another pair's page starts afresh (its interval, its chart).
  return <PairDetail key={pair.symbol} pair={pair} />;
}
