import { findMarketPair } from '@app/contracts';
import { useParams } from 'react-router';
import { ComingSoon } from '../../components/coming-soon.tsx';
import { NotFound } from '../../components/not-found.tsx';

/** /btc-usdt and the other fifteen pairs; any other single segment is not a page. */
export default function CryptoDetailRoute() {
  const pair = findMarketPair(useParams().symbol ?? '');
  if (!pair) return <NotFound />;
  const name = pair.displayName.toUpperCase();
  return (
    <ComingSoon
      title={name}
      summary={`The live price of ${name}, its 24-hour change and a candle chart.`}
    />
  );
}
