import type {
  AccountClosureData,
  OperatorClosureData,
  RetentionSettings,
  ClaimStatusData,
  KlinesData,
  MarketInterval,
  MarketPairsData,
  MailPreferencesData,
  MemberVerificationData,
  VerificationRequirementsData,
  VerificationSettings,
  MemberSessions,
  PasskeysData,
  SecondFactorStatus,
  RewardsData,
  SignInHistory,
  UserEarnerData,
  WalletSummaryData,
  ErrorCode,
  ErrorEnvelope,
  MemberMeData,
  NotificationPage,
  StatementPage,
  SuccessEnvelope,
  ValidationErrorEnvelope,
  ValidationResult,
  WalletBalance,
  WithdrawalHold,
  WorkWaitingData,
} from '@app/contracts';
import { MEMBER_MAIL_KINDS } from '@app/contracts';
import { http, HttpResponse } from 'msw';
import { env } from '../config/env.ts';
import { getUserDetail } from '../lib/auth-store.ts';
import {
  buildKlines,
  buildMarketPairs,
  buildMember,
  buildRewards,
  buildSession,
  buildUserEarner,
  buildWalletSummary,
  nothingToClaim,
  notificationPage,
  pageOfItems,
} from './factories.ts';

/** The URL of an API path as the app calls it (same origin, versioned base path). */
export const apiUrl = (path: string) => `${env.apiBasePath}${path.replace(/^\/+/, '')}`;

// Answers in the API's envelope, typed by the contracts so tests cannot drift.
export const ok = <T>(data: T, message = 'OK') =>
  HttpResponse.json<SuccessEnvelope<T>>({ status: 'success', message, data });

export const validationFailure = (results: ValidationResult[]) =>
  HttpResponse.json<ValidationErrorEnvelope>(
    { status: 'error', message: [{ validation_results: results }] },
    { status: 422 },
  );

export const failure = (status: number, message: string, error: ErrorCode = 'INTERNAL') =>
  HttpResponse.json<ErrorEnvelope>({ status: 'error', message, error }, { status });

/** The API's "too early" answer: the wait is in Retry-After (the words need not say it). */
export const tooEarly = (seconds: number, message = 'Please wait before asking for a new code') =>
  HttpResponse.json<ErrorEnvelope>(
    { status: 'error', message, error: 'RATE_LIMITED' },
    { status: 429, headers: { 'Retry-After': String(seconds) } },
  );

export const unauthorized = () =>
  failure(401, 'Session expired, please sign in again', 'UNAUTHORIZED');

/** What the signed-in shell loads on every screen; tests override what they look at. */
export const defaultHandlers = [
  http.get(apiUrl('auth/wallet-balance'), () =>
    ok<WalletBalance>({ primary_wallet: 1250.5, profit_wallet: 42.123456 }),
  ),
  http.get(apiUrl('notification'), () => ok<NotificationPage>(notificationPage([]))),
  // Echoes the member the test signed in as (signInAs), like the server would.
  http.get(apiUrl('auth/me'), () =>
    ok<MemberMeData>({ ...(getUserDetail() ?? buildMember()), readOnly: false }),
  ),
  http.get(apiUrl('package/todays-claim-status'), () => ok<ClaimStatusData>(nothingToClaim)),
  http.get(apiUrl('auth/unique-referal'), () =>
    ok({ referralCode: 'ABCD2345', link: 'http://localhost:3000/register?referralCode=ABCD2345' }),
  ),
  // The profile (the bottom bar's last tab, where the shell's tests open): no address saved.
  http.get(apiUrl('auth/address'), () => ok({ address: null, network: null })),
  // The withdrawal screen's hold after a security change: none.
  http.get(apiUrl('auth/withdrawal-hold'), () => ok<WithdrawalHold>({ heldUntil: null })),
  // The console's view of a member's second factor: off.
  http.get(apiUrl('operator/members/:id/second-factor'), () =>
    ok<SecondFactorStatus>({ totp: false, passkeys: 0, recoveryCodesLeft: 0, enabledAt: null }),
  ),
  // Passkeys, the member's own and in the console: none.
  http.get(apiUrl('auth/passkeys'), () => ok<PasskeysData>({ passkeys: [], passkeySignIn: false })),
  http.get(apiUrl('operator/members/:id/passkeys'), () =>
    ok<PasskeysData>({ passkeys: [], passkeySignIn: false }),
  ),
  // The profile's sign-in history: nothing yet.
  http.get(apiUrl('auth/sign-in-history'), () => ok<SignInHistory>({ attempts: [] })),
  // The profile's two-factor authentication: off.
  http.get(apiUrl('auth/second-factor'), () =>
    ok<SecondFactorStatus>({ totp: false, passkeys: 0, recoveryCodesLeft: 0, enabledAt: null }),
  ),
  // The profile's mails: every kind on.
  http.get(apiUrl('auth/mail-preferences'), () =>
    ok<MailPreferencesData>({
      preferences: MEMBER_MAIL_KINDS.map((kind) => ({ kind, enabled: true })),
    }),
  ),
  // Identity verification: not started, the default requirements, $1,000 before it is asked.
  http.get(apiUrl('verification'), () =>
    ok<MemberVerificationData>({
      status: 'not-started',
      submittedAt: null,
      decidedAt: null,
      rejection: null,
      requestedDocument: null,
      country: null,
      fields: {},
      drafts: [],
      kept: [],
      requirements: {
        version: 1,
        publishedAt: null,
        requirements: {
          default: { documents: ['id-front', 'id-back', 'selfie'], fields: ['legalName'] },
          countries: [],
        },
      },
      withdrawalRoom: '1000',
    }),
  ),
  // The console's verification settings and requirements: the defaults.
  http.get(apiUrl('operator/settings/verification'), () =>
    ok<VerificationSettings>({
      withdrawals: 'above-total',
      withdrawalTotal: '1000',
      deposits: 'never',
      depositAmount: '10000',
    }),
  ),
  // The console's retention periods: the defaults (decision 0060).
  http.get(apiUrl('operator/settings/retention'), () =>
    ok<RetentionSettings>({ closedAccountDays: 30, rejectedDocumentDays: 90 }),
  ),
  http.get(apiUrl('operator/verification-requirements'), () =>
    ok<VerificationRequirementsData>({
      version: 1,
      publishedAt: null,
      requirements: {
        default: { documents: ['id-front', 'id-back', 'selfie'], fields: ['legalName'] },
        countries: [],
      },
    }),
  ),
  // The profile's "Close account": nothing asked, nothing in the way (decision 0060).
  http.get(apiUrl('auth/account-closure'), () =>
    ok<AccountClosureData>({
      request: null,
      blockers: [],
      packages: { active: 0, remainingProfit: 0 },
      retentionDays: 30,
    }),
  ),
  // The profile's sessions: this device only.
  http.get(apiUrl('auth/sessions'), () => ok<MemberSessions>({ sessions: [buildSession()] })),
  // A member's request to close their account in the console: none (decision 0060).
  http.get(apiUrl('operator/members/:id/closure'), () => {
    const empty = { available: 0, held: 0, total: 0 };
    return ok<OperatorClosureData>({
      request: null,
      wallets: { fund: empty, profit: empty, compounding: empty },
      blockers: [],
      packages: { active: 0, remainingProfit: 0 },
    });
  }),
  // A member's sessions in the console: none live.
  http.get(apiUrl('operator/members/:id/sessions'), () => ok<MemberSessions>({ sessions: [] })),
  // The console menu's counts of work waiting: nothing waits.
  http.get(apiUrl('operator/work-waiting'), () =>
    ok<WorkWaitingData>({ deposits: 0, withdrawals: 0, tickets: 0, verifications: 0 }),
  ),
  // The dashboard's cards that load after its first paint.
  http.get(apiUrl('auth/wallet-summary'), () => ok<WalletSummaryData>(buildWalletSummary())),
  http.get(apiUrl('auth/user-earner'), () => ok<UserEarnerData>(buildUserEarner())),
  http.get(apiUrl('safe/fetch-sir-reward'), () => ok<RewardsData>(buildRewards())),
  http.get(apiUrl('auth/transaction-hist'), () => ok<StatementPage>(pageOfItems([]))),
  // The market pairs (dashboard card, pair pages): simulated figures, a stream that stays quiet.
  http.get(apiUrl('market/pairs'), () => ok<MarketPairsData>(buildMarketPairs())),
  http.get(apiUrl('market/klines'), ({ request }) => {
    const query = new URL(request.url).searchParams;
    const interval = (query.get('interval') ?? '1h') as MarketInterval;
    return ok<KlinesData>(buildKlines(query.get('symbol') ?? '', interval));
  }),
  http.get(
    apiUrl('market/stream'),
    () =>
      new HttpResponse(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } }),
  ),
];
