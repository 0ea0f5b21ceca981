import { request, type APIRequestContext } from '@playwright/test';
import { dataOf, OPERATOR, operatorApi, type Member } from './fixtures.ts';
import { codeAfter, mailsTo } from './support.ts';

// Money a journey's member needs before a withdrawal, set up through the API: profit from a
// four-eyes adjustment and a first payout address (which starts no withdrawal hold).

export const PAYOUT_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const FINANCE = { email: 'finance@example.com', password: OPERATOR.password };

/** `dollars` of profit for the member: an adjustment the admin proposes and finance approves. */
export async function creditProfit(
  baseURL: string,
  member: Member,
  dollars: number,
  reason: string,
): Promise<void> {
  const admin = await operatorApi(baseURL);
  const proposed = await dataOf<{ id: string }>(
    admin.post('/api/v1/operator/adjustments', {
      data: {
        memberCode: member.code,
        wallet: 'profit',
        direction: 'credit',
        amount: dollars,
        reason,
        reference: `journey-${member.code}`,
      },
    }),
  );
  await admin.dispose();
  const anonymous = await request.newContext({ baseURL });
  const { access_token: token } = await dataOf<{ access_token: string }>(
    anonymous.post('/api/v1/operator/auth/login', { data: FINANCE }),
  );
  await anonymous.dispose();
  const finance = await request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  });
  await dataOf(finance.post(`/api/v1/operator/adjustments/${proposed.id}/approve`, { data: {} }));
  await finance.dispose();
}

/** The member's first payout address, saved with its emailed code. */
export async function savePayoutAddress(api: APIRequestContext, member: Member): Promise<void> {
  const before = mailsTo(member.email).length;
  await dataOf(api.get(`/api/v1/auth/send-otp?purpose=payout-address&address=${PAYOUT_ADDRESS}`));
  const otp = await codeAfter(member.email, before);
  await dataOf(api.put('/api/v1/auth/update-address', { data: { address: PAYOUT_ADDRESS, otp } }));
}
