import { dataOf, test } from './fixtures.ts';
import { visitAll } from './route-visits.ts';
import { WIDTHS } from './support.ts';

// Every route of the app and every menu entry, opened at the three widths the app is built for:
// each draws its screen (an h1, no skeleton left), logs no console error and has no serious or
// critical accessibility violation found by axe-core. Written out here, not read from the app's
// route table, so a route that disappears fails this test.

const SIGNED_IN = [
  '/dashboard',
  '/profile',
  '/fund',
  '/packages',
  '/fund/investments',
  '/fund/deposits',
  '/fund/deposit-history',
  '/fund/withdrawal',
  '/fund/withdrawal-history',
  '/fund/compounding-withdrawal-history',
  '/fund/transaction-history',
  '/payout',
  '/income/referral-bonus',
  '/income/team-level-bonus',
  '/income/team-profit',
  '/income/trade-income',
  '/income/weekly-income',
  '/income/monthly-income',
  '/income/compounding-income',
  '/team/referral-team',
  '/team/level-team',
  '/team/team-analysis',
  '/rewards',
  '/markets',
  '/query',
  '/verification',
  '/btc-usdt',
  '/payment/success',
  '/payment/failed',
  // An unknown single segment is the not-found page inside the shell.
  '/no-such-pair',
];

const PUBLIC = ['/', '/register', '/verify-otp', '/forgot-password', '/reset-password'];

test.describe.configure({ timeout: 300_000 });

for (const width of WIDTHS) {
  test(`every signed-in route at ${width} px: drawn, no console error, no serious axe violation`, async ({
    page,
    baseURL,
    login,
    request,
  }) => {
    const member = await login({ fundDollars: 1_000 });
    // Something in the lists: a package bought, so the investments and statement have rows.
    const headers = { Authorization: `Bearer ${member.token}` };
    const catalogue = await dataOf<{ data: { id: string; name: string }[] }>(
      request.get(`${baseURL}/api/v1/package`, { headers }),
    );
    const starter = catalogue.data.find((offer) => offer.name === 'Starter')!;
    await dataOf(
      request.post(`${baseURL}/api/v1/package/buy-package`, {
        headers,
        data: { packageId: starter.id, amount: 100 },
      }),
    );
    await visitAll(page, SIGNED_IN, width);
  });

  test(`every public route at ${width} px: drawn, no console error, no serious axe violation`, async ({
    page,
  }) => {
    await visitAll(page, PUBLIC, width);
  });
}
