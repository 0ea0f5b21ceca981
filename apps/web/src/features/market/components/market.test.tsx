import type { MarketInterval, MarketPairsData, MarketSource } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { buildKlines, buildMarketPairs } from '../../../testing/factories.ts';
import { apiUrl, ok } from '../../../testing/handlers.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';

// The chart is a canvas (lightweight-charts), which jsdom cannot draw: a stand-in shows what it
// was given. The browser journey (e2e/tests/market.spec.ts) draws the real one.
vi.mock('./candle-chart.tsx', () => ({
  default: (props: { label: string; candles: { close: string }[]; rate: string | null }) => (
    <div role="figure" aria-label={props.label}>
      {`${props.candles.length} candles, last close ${props.candles.at(-1)?.close}, live ${props.rate}`}
    </div>
  ),
}));

/** A stream that sends `events` (after a pause) and then stays open. */
function streamOf(events: MarketPairsData[]) {
  const encoder = new TextEncoder();
  return new HttpResponse(
    new ReadableStream({
      async start(controller) {
        controller.enqueue(encoder.encode('retry: 60000\n\n'));
        for (const event of events) {
          await delay(100);
          controller.enqueue(encoder.encode(`event: pairs\ndata: ${JSON.stringify(event)}\n\n`));
        }
      },
    }),
    { headers: { 'content-type': 'text/event-stream' } },
  );
}

function serveMarket(source: MarketSource, streamed: MarketPairsData[] = []) {
  const intervals: string[] = [];
  const streams: string[] = [];
  server.use(
    http.get(apiUrl('market/pairs'), () => ok(buildMarketPairs(source))),
    http.get(apiUrl('market/stream'), ({ request }) => {
      streams.push(request.headers.get('authorization') ?? '');
      return streamOf(streamed);
    }),
    http.get(apiUrl('market/klines'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      const interval = query.get('interval') as MarketInterval;
      intervals.push(interval);
      return ok(buildKlines(query.get('symbol') ?? '', interval, source));
    }),
  );
  return { intervals, streams };
}

const slow = { timeout: 30_000 };

describe('market pairs', slow, () => {
  it('lists the sixteen pairs with icon, price and change, each leading to its page, labelled simulated', async () => {
    serveMarket('simulated');
    signInAs();
    renderApp('/eth-usdt');
    const card = await screen.findByRole('region', { name: 'All pairs' });
    expect(within(card).getByRole('status', { name: 'Loading market prices' })).toBeVisible();
    const list = await within(card).findByRole('list', { name: 'Market pairs' });
    const rows = within(list).getAllByRole('link');
    expect(rows).toHaveLength(16);
    expect(rows[0]).toHaveAttribute('href', '/btc-usdt');
    expect(rows[0]).toHaveTextContent('BTC/USDTBitcoin95,123.45+1.25 %');
    expect(rows[1]).toHaveTextContent('ETH/USDTEthereum2.5000-0.40 %');
    expect(rows[2]).toHaveTextContent('DOGE/USDTDogecoin3.5000+1.25 %');
    expect(rows[0]?.querySelector('img')).toHaveAttribute('src', '/api/v1/market/icons/btc.svg');
    expect(within(card).getByText('Simulated prices')).toBeVisible();
  });

  it('moves the prices with each event of the stream, sent with the session', async () => {
    const { streams } = serveMarket('live', [
      buildMarketPairs('live', { 'btc-usdt': '96000.1' }),
      buildMarketPairs('live', { 'btc-usdt': '97000.25' }),
    ]);
    signInAs(undefined, 'stream-token');
    renderApp('/btc-usdt');
    const price = await screen.findByRole('region', { name: 'BTC/USDT price' });
    expect(await within(price).findByText('95,123.45')).toBeVisible();
    expect(await within(price).findByText('97,000.25')).toBeVisible();
    const card = screen.getByRole('region', { name: 'All pairs' });
    expect(within(card).getAllByRole('link')[0]).toHaveTextContent('97,000.25');
    // One stream for the page and the card together, with the bearer header.
    expect(streams).toEqual(['Bearer stream-token']);
    expect(screen.queryByText('Simulated prices')).not.toBeInTheDocument();
  });

  it("shows a pair's day figures and candles, and switches the interval", async () => {
    const { intervals } = serveMarket('simulated');
    signInAs();
    const { user } = renderApp('/btc-usdt');
    expect(await screen.findByRole('heading', { level: 1, name: 'BTC/USDT' })).toBeVisible();
    const figures = await screen.findByRole('region', { name: '24-hour figures' });
    expect(figures).toHaveTextContent('24 h high96,000.00');
    expect(figures).toHaveTextContent('24 h low94,000.50');
    expect(figures).toHaveTextContent('24 h volume12.35Kin BTC');
    expect(figures).toHaveTextContent('24 h turnover1.23Bin USDT');
    expect(screen.getByText('Bitcoin priced in USDT')).toBeVisible();
    const chart = await screen.findByRole('figure', {
      name: 'Candle chart of BTC/USDT, 1 hour candles',
    });
    expect(chart).toHaveTextContent('3 candles, last close 95100, live 95123.45');
    const chartCard = screen.getByRole('region', { name: /Price chart/ });
    expect(within(chartCard).getByText('Simulated prices')).toBeVisible();

    const switches = screen.getByRole('group', { name: 'Candle interval' });
    expect(within(switches).getByRole('button', { name: '1h' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(switches).getByRole('button', { name: '15m' }));
    expect(
      await screen.findByRole('figure', { name: 'Candle chart of BTC/USDT, 15 minutes candles' }),
    ).toHaveTextContent('last close 95200');
    expect([...new Set(intervals)]).toEqual(['1h', '15m']);
  });

  it('says so when the source does not list the pair, without a chart', async () => {
    serveMarket('live');
    signInAs();
    renderApp('/bsv-usdt');
    const message =
      'BSV/USDT has no price right now: the market data source does not list this pair.';
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(screen.queryByRole('figure', { name: /Candle chart/ })).not.toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'All pairs' });
    const bsv = await within(card).findByRole('link', { name: /BSV\/USDT/ });
    expect(bsv).toHaveTextContent('BSV/USDTBSVUnavailable');
  });

  it('keeps an unknown symbol on the not-found page', async () => {
    serveMarket('simulated');
    signInAs();
    renderApp('/abc-usdt');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  it('offers a retry when the prices cannot be loaded', async () => {
    serveMarket('simulated');
    server.use(
      http.get(apiUrl('market/pairs'), async () => {
        await delay(50);
        return HttpResponse.json(
          { status: 'error', message: 'Market data is unavailable', error: 'UNAVAILABLE' },
          { status: 503 },
        );
      }),
      http.get(apiUrl('market/stream'), () => new HttpResponse(null, { status: 503 })),
    );
    signInAs();
    renderApp('/eth-usdt');
    const card = await screen.findByRole('region', { name: 'All pairs' });
    expect(await within(card).findByText('Market prices could not be loaded.')).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
