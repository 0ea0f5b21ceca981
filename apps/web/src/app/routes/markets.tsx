import { PageHeader } from '../../components/page-header.tsx';
import { MarketPairsCard } from '../../features/market/components/market-pairs-card.tsx';
import { screens } from '../screens.ts';

/** The market pairs in the menu: the dashboard's card, on a screen of its own. */
export default function MarketsRoute() {
  return (
    <>
      <PageHeader title={screens.markets.title} subtitle={screens.markets.summary} />
      <MarketPairsCard title="Market pairs" />
    </>
  );
}
