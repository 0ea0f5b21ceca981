import { randomBytes } from 'node:crypto';
import { test as base, expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { waitForCode } from './support.ts';

// Each test makes what it needs through the real API, the way a member and the operator would:
// no spec depends on another having run, nor on a member another spec changes. Nothing is
// deleted afterwards: the ledger is append-only and the server's data directory goes away
// with it.

/** The operator the server creates in demo mode. */
export const OPERATOR = { email: 'operator@example.com', password: 'demo-operator-2026' };

export type Member = { code: string; name: string; email: string; password: string; token: string };

export type NewMember = {
  name?: string;
  /** Whose invitation id the member registers with (default DEMOROOT). */
  sponsorCode?: string;
  /** Dollars put in the fund wallet: a manual deposit the operator confirms. */
  fundDollars?: number;
  /** Another server than the global setup's, e.g. one with a clock of its own. */
  baseURL?: string;
  /** The verification code mailed to `email` by that server (default: the global SMTP sink). */
  readCode?: (email: string) => Promise<string>;
};

/** A chain transaction hash nobody has used: 64 hex digits. */
export const newTxHash = () => randomBytes(32).toString('hex');

/** The `data` of a success envelope; a failure fails the test with the answer's body. */
export async function dataOf<T>(answer: ReturnType<APIRequestContext['get']>): Promise<T> {
  const response = await answer;
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

const authorized = (baseURL: string, token: string) =>
  request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });

/** The operator signed in through the operator API; dispose of it when done. */
export async function operatorApi(baseURL: string): Promise<APIRequestContext> {
  const anonymous = await request.newContext({ baseURL });
  const { access_token: token } = await dataOf<{ access_token: string }>(
    anonymous.post('/api/v1/operator/auth/login', { data: OPERATOR }),
  );
  await anonymous.dispose();
  return authorized(baseURL, token);
}

type PendingRow = {
  id: string;
  amount: number;
  memberReferralCode?: string;
  member?: { referralCode: string };
};

/** The id of the member's pending deposit or withdrawal (of `amount`, when given). */
export async function pendingIdOf(
  operator: APIRequestContext,
  queue: 'deposits' | 'withdrawals',
  memberCode: string,
  amount?: number,
): Promise<string> {
  const page = await dataOf<{ data: PendingRow[] }>(
    operator.get(`/api/v1/operator/${queue}?status=pending&pageSize=100`),
  );
  const row = page.data.find(
    (item) =>
      (item.memberReferralCode ?? item.member?.referralCode) === memberCode &&
      (amount === undefined || item.amount === amount),
  );
  expect(row, `a pending ${queue} row of ${memberCode}`).toBeDefined();
  return row!.id;
}

/** Puts `dollars` in the member's fund wallet: a manual deposit the operator confirms. */
export async function fundMember(baseURL: string, member: Member, dollars: number) {
  const api = await authorized(baseURL, member.token);
  const deposit = await dataOf<{ id: string }>(
    api.post('/api/v1/secure/create', { data: { amount: dollars, provider: 'manual' } }),
  );
  await dataOf(api.post(`/api/v1/secure/${deposit.id}/tx-hash`, { data: { txHash: newTxHash() } }));
  await api.dispose();
  const operator = await operatorApi(baseURL);
  await dataOf(operator.post(`/api/v1/operator/deposits/${deposit.id}/confirm`));
  await operator.dispose();
}

/** Registers a member (under DEMOROOT unless told), verifies the email with the mailed code, signs in. */
export async function createMember(baseURL: string, options: NewMember = {}): Promise<Member> {
  const name = options.name ?? 'Journey Member';
  const email = `member.${Date.now()}.${randomBytes(3).toString('hex')}@example.com`;
  const password = 'an e2e member passphrase';
  const api = await request.newContext({ baseURL });
  const { referral_code: code } = await dataOf<{ referral_code: string }>(
    api.post('/api/v1/auth/register', {
      data: {
        referralCode: options.sponsorCode ?? 'DEMOROOT',
        name,
        email,
        password,
        mobile_number: '+919876501234',
      },
    }),
  );
  const otp = await (options.readCode ?? waitForCode)(email);
  await dataOf(api.post('/api/v1/auth/otp-verify', { data: { loginId: code, otp } }));
  const { access_token: token } = await dataOf<{ access_token: string }>(
    api.post('/api/v1/auth/login', { data: { loginId: code, password } }),
  );
  await api.dispose();
  const member = { code, name, email, password, token };
  if (options.fundDollars) await fundMember(baseURL, member, options.fundDollars);
  return member;
}

/**
 * Signs the page in as `member` before the app's next page loads: the token goes into
 * localStorage (JSON-encoded, as the app writes it) on the next document of that origin only,
 * so signing out or clearing storage later in the test sticks.
 */
export async function signInWithToken(page: Page, baseURL: string, member: Member) {
  await page.addInitScript(
    ({ origin, token }) => {
      // Runs in the browser; the e2e project has no DOM types.
      type Storage = {
        getItem: (key: string) => string | null;
        setItem: (key: string, value: string) => void;
      };
      const browser = globalThis as unknown as {
        location: { origin: string };
        localStorage: Storage;
        sessionStorage: Storage;
      };
      if (browser.location.origin !== origin) return;
      if (browser.sessionStorage.getItem('e2e-signed-in') === token) return;
      browser.sessionStorage.setItem('e2e-signed-in', token);
      browser.localStorage.setItem('accessToken', JSON.stringify(token));
    },
    { origin: new URL(baseURL).origin, token: member.token },
  );
}

export const test = base.extend<{
  /** A new verified member under DEMOROOT, funded when asked. */
  insertNewMember: (options?: NewMember) => Promise<Member>;
  /** The same, and the page signed in as that member. */
  login: (options?: NewMember) => Promise<Member>;
}>({
  // A Content-Security-Policy violation is not a console call, so a spec's console guard
  // (watchConsole) would not see it: each page reports its violations as console errors.
  page: async ({ page }, use) => {
    await page.addInitScript(() => {
      // Runs in the browser; the e2e project has no DOM types.
      type Violation = { violatedDirective: string; blockedURI: string; sourceFile: string };
      const browser = globalThis as unknown as {
        addEventListener: (type: string, listener: (event: Violation) => void) => void;
      };
      browser.addEventListener('securitypolicyviolation', (event) =>
        console.error(
          `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI} in ${event.sourceFile}`,
        ),
      );
    });
    await use(page);
  },
  insertNewMember: async ({ baseURL }, use) => {
    await use((options) => createMember(options?.baseURL ?? baseURL!, options));
  },
  login: async ({ page, baseURL, insertNewMember }, use) => {
    await use(async (options) => {
      const member = await insertNewMember(options);
      await signInWithToken(page, options?.baseURL ?? baseURL!, member);
      return member;
    });
  },
});

export { expect };
