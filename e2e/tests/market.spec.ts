import { expect, test } from './fixtures.ts';
import { screenshot, watchConsole, WIDTHS } from './support.ts';

// The market pairs offline: the e2e server has no network and serves the simulated feed, which
// every price on screen must say. The card is shown on the pair's page ("All pairs"); the
// dashboard places the same component.

test('a pair page and the pairs card show the simulated feed, labelled, moving live', async ({
  page,
  login,
}) => {
  const errors = watchConsole(page);
  await login();
  await page.goto('/btc-usdt');
  await expect(page.getByRole('heading', { level: 1, name: 'BTC/USDT' })).toBeVisible();
  await expect(page.getByText('Simulated prices').first()).toBeVisible();

  const summary = page.getByRole('region', { name: 'BTC/USDT price' });
  const price = summary.getByText(/^\d{1,3}(,\d{3})*\.\d{2}$/).first();
  await expect(price).toBeVisible();
  const first = await price.textContent();
  const figures = page.getByRole('region', { name: '24-hour figures' });
  await expect(figures).toContainText('24 h high');
  await expect(figures).toContainText('24 h low');
  await expect(figures).toContainText('24 h turnover');

  // The chart: a canvas drawn by lightweight-charts, a figure named for screen readers.
  const chart = page.getByRole('figure', { name: 'Candle chart of BTC/USDT, 1 hour candles' });
  await expect(chart.locator('canvas').first()).toBeVisible();
  const chartCard = page.getByRole('region', { name: /Price chart/ });
  await expect(chartCard.getByText('Simulated prices')).toBeVisible();

  // The stream moves the price (one poll every 5 s on the server).
  await expect(price).not.toHaveText(first ?? '', { timeout: 20_000 });

  // The interval switch asks for other candles.
  const klines = page.waitForResponse(
    (response) =>
      response.url().includes('/api/v1/market/klines') && response.url().includes('interval=15m'),
  );
  await page
    .getByRole('group', { name: 'Candle interval' })
    .getByRole('button', { name: '15m' })
    .click();
  expect((await klines).status()).toBe(200);
  await expect(
    page.getByRole('figure', { name: 'Candle chart of BTC/USDT, 15 minutes candles' }),
  ).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Candle interval' }).getByRole('button', { name: '15m' }),
  ).toHaveAttribute('aria-pressed', 'true');

  // The card: sixteen pairs, each with its icon, labelled simulated, each leading to its page.
  const card = page.getByRole('region', { name: 'All pairs' });
  await expect(card.getByText('Simulated prices')).toBeVisible();
  const rows = card.getByRole('list', { name: 'Market pairs' }).getByRole('link');
  await expect(rows).toHaveCount(16);
  await expect(rows.first()).toContainText('BTC/USDT');
  const icon = rows.first().locator('img');
  await expect(icon).toHaveAttribute('src', '/api/v1/market/icons/btc.svg');
  await expect
    .poll(() => icon.evaluate((image: { naturalWidth: number }) => image.naturalWidth))
    .toBeGreaterThan(0);

  for (const width of WIDTHS) await screenshot(page, 'crypto-detail', width);
  // The chart and the card further down, where a phone scrolls to.
  await chartCard.evaluate((element: { scrollIntoView: () => void }) => element.scrollIntoView());
  await screenshot(page, 'crypto-detail-chart', 390);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await card.evaluate((element: { scrollIntoView: () => void }) => element.scrollIntoView());
    await screenshot(page, 'market-pairs-card', width);
  }

  await rows.filter({ hasText: 'ETH/USDT' }).click();
  await expect(page).toHaveURL(/\/eth-usdt$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ETH/USDT' })).toBeVisible();
  await expect(
    page.getByRole('figure', { name: 'Candle chart of ETH/USDT, 1 hour candles' }),
  ).toBeVisible();
  expect(errors).toEqual([]);
});

test('an unknown symbol stays on the not-found page inside the shell', async ({ page, login }) => {
  const errors = watchConsole(page);
  await login();
  await page.goto('/abc-usdt');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to dashboard' })).toBeVisible();
  expect(errors).toEqual([]);
});
