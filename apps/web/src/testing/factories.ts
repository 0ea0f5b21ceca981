import {
  MARKET_PAIRS,
  type ClaimStatusData,
  type CompoundingIncomeRecord,
  type DepositView,
  type IncomePage,
  type IncomeRecord,
  type KlinesData,
  type MarketInterval,
  type MarketPairsData,
  type MarketSource,
  type MemberSessionView,
  type MemberView,
  type NotificationPage,
  type NotificationView,
  type OperatorMemberDetail,
  type OperatorMemberItem,
  type PackageView,
  type Page,
  type PurchasedPackageView,
  type RewardsData,
  type TeamAnalysisData,
  type TeamInfoData,
  type TeamMemberView,
  type TicketMessageView,
  type TicketView,
  type TradeIncomeRecord,
  type UserEarnerData,
  type WalletSummaryData,
  type WithdrawalView,
} from '@app/contracts';

// Test records shaped by the contracts; each test overrides what it is about.
export function buildMember(overrides: Partial<MemberView> = {}): MemberView {
  return {
    id: 'member-1',
    name: 'Asha Verma',
    email: 'asha@example.com',
    mobile: '+919876543210',
    referral_code: 'ABCD2345',
    sponsor: { name: 'Ravi Kumar', referralCode: 'SPXN5678' },
    verified: true,
    createdAt: '2025-01-05T10:00:00.000Z',
    ...overrides,
  };
}

/** A live session: this device (Chrome on Windows) unless told otherwise. */
export function buildSession(overrides: Partial<MemberSessionView> = {}): MemberSessionView {
  return {
    id: 'session-1',
    browser: 'Chrome 131',
    os: 'Windows 10',
    device: 'Computer',
    deviceKind: 'computer',
    ip: '198.51.100.20',
    createdAt: '2025-03-01T08:00:00.000Z',
    lastActiveAt: '2025-03-01T09:30:00.000Z',
    current: true,
    ...overrides,
  };
}

export function buildNotification(overrides: Partial<NotificationView> = {}): NotificationView {
  return {
    id: 'notification-1',
    createdAt: '2025-03-01T09:30:00.000Z',
    message: 'Your deposit of $100 was confirmed',
    read: false,
    kind: 'money',
    link: '/fund/deposit-history',
    ...overrides,
  };
}

export const pageOfItems = <T>(items: T[]): Page<T> => ({
  data: items,
  page: 1,
  pageSize: 20,
  total: items.length,
});

export const notificationPage = (items: NotificationView[]): NotificationPage => ({
  ...pageOfItems(items),
  unread: items.filter((item) => !item.read).length,
});

/** The demo catalogue's Starter package. */
export function buildPackage(overrides: Partial<PackageView> = {}): PackageView {
  return {
    id: '0b6f1d0e-3c1a-4f6e-9a51-2f8d7c1e4a01',
    name: 'Starter',
    minAmount: 50,
    maxAmount: 499,
    dailyPercentage: 0.3,
    totalDays: 365,
    active: true,
    ...overrides,
  };
}

/** $100 of Starter bought on 1 March 2025, nothing claimed yet. */
export function buildPurchasedPackage(
  overrides: Partial<PurchasedPackageView> = {},
): PurchasedPackageView {
  return {
    id: '5d3e2c1b-7a6f-4e8d-9c0b-1a2b3c4d5e6f',
    packageId: buildPackage().id,
    name: 'Starter',
    amount: 100,
    dailyProfitAmount: 0.3,
    dailyPercentage: 0.3,
    totalDays: 365,
    totalProfit: 109.5,
    createdAt: '2025-03-01T10:00:00.000Z',
    startDate: '2025-03-01',
    expiresAt: '2026-03-02T00:00:00.000Z',
    isExpired: false,
    claimedDays: 0,
    claimedProfit: 0,
    forfeitedDays: 0,
    remainingDays: 365,
    remainingProfit: 109.5,
    ...overrides,
  };
}

export function buildTradeIncome(overrides: Partial<TradeIncomeRecord> = {}): TradeIncomeRecord {
  return {
    id: 'trade-1',
    kind: 'trade',
    amount: 0.3,
    createdAt: '2025-03-05T09:15:00.000Z',
    sourceMember: null,
    level: null,
    packageId: buildPurchasedPackage().id,
    packageName: 'Starter',
    purchasedAt: buildPurchasedPackage().createdAt,
    purchaseAmount: buildPurchasedPackage().amount,
    dayNumber: 1,
    period: '2025-03-02',
    planVersion: 1,
    claimId: 'claim-1',
    ...overrides,
  };
}

/** A member with no package earning: nothing to claim and nothing coming. */
export const nothingToClaim: ClaimStatusData = {
  claimedToday: false,
  claimedTodayAmount: 0,
  claimableAmount: 0,
  claimableDays: 0,
  nextClaimAt: null,
};

/** A real TRC-20 address (its base58check checksum holds), as a member would paste it. */
export const TRC20_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
export const TX_HASH = 'a3f1c2d4e5b60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9a';

/** $100 from the profit wallet, 5 % fee, waiting for the operator. */
export function buildWithdrawal(overrides: Partial<WithdrawalView> = {}): WithdrawalView {
  return {
    id: 'withdrawal-1',
    wallet: 'profit',
    amount: 100,
    fee: 5,
    netAmount: 95,
    address: TRC20_ADDRESS,
    status: 'pending',
    txHash: null,
    reason: null,
    createdAt: '2025-03-06T11:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

/** A $100 manual deposit made on 1 March 2025, waiting for its transaction hash. */
export function buildDeposit(overrides: Partial<DepositView> = {}): DepositView {
  return {
    id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
    provider: 'manual',
    amount: 100,
    status: 'pending',
    txHash: null,
    paymentUrl: null,
    reason: null,
    createdAt: '2025-03-01T08:00:00.000Z',
    updatedAt: '2025-03-01T08:00:00.000Z',
    ...overrides,
  };
}

/** 0.10 % of a $1,000 compounding balance for 2 March 2025. */
export function buildCompoundingIncome(
  overrides: Partial<CompoundingIncomeRecord> = {},
): CompoundingIncomeRecord {
  return {
    id: 'compounding-1',
    kind: 'compounding',
    amount: 1,
    createdAt: '2025-03-03T00:05:00.000Z',
    sourceMember: null,
    level: null,
    packageId: null,
    period: '2025-03-02',
    planVersion: 1,
    baseAmount: 1000,
    rate: 0.1,
    ...overrides,
  };
}

/** 5 % of a direct referral's $1,000 Growth purchase, paid under plan version 2. */
export function buildIncome(overrides: Partial<IncomeRecord> = {}): IncomeRecord {
  return {
    id: 'income-1',
    kind: 'referral-bonus',
    status: 'paid',
    amount: 50,
    notPaidReason: null,
    createdAt: '2025-03-04T10:30:00.000Z',
    paidAt: '2025-03-04T10:30:02.000Z',
    sourceMember: { name: 'Meera Nair', referral_code: 'MEER7788' },
    level: 1,
    packageId: buildPurchasedPackage().id,
    packageName: 'Growth',
    period: null,
    baseAmount: 1000,
    percentage: 5,
    rank: null,
    planVersion: 2,
    ...overrides,
  };
}

/** A page of income records with the sums a test gives (0 otherwise). */
export function incomePage(items: IncomeRecord[], sums: Partial<IncomePage> = {}): IncomePage {
  return {
    ...pageOfItems(items),
    totalAmount: 0,
    pendingAmount: 0,
    notPaidAmount: 0,
    ...sums,
  };
}

/** A direct referral with a $1,000 package earning and a small team of their own. */
export function buildTeamMember(overrides: Partial<TeamMemberView> = {}): TeamMemberView {
  return {
    name: 'Meera Nair',
    referralCode: 'MEER7788',
    joinedAt: '2025-02-10T12:00:00.000Z',
    level: 1,
    sponsor: { name: 'Asha Verma', referralCode: 'ABCD2345' },
    active: true,
    activeInvestment: 1000,
    totalInvestment: 1500,
    teamBusiness: 4250.5,
    teamMembers: 6,
    ...overrides,
  };
}

/** Three directs (two active) and nine members over three levels; levels 4–10 empty. */
export function buildTeamInfo(overrides: Partial<TeamInfoData> = {}): TeamInfoData {
  const filled = [
    { level: 1, members: 3, active: 2, business: 2500 },
    { level: 2, members: 4, active: 3, business: 1800 },
    { level: 3, members: 2, active: 1, business: 450.75 },
  ];
  return {
    direct: 3,
    activeDirects: 2,
    total: 9,
    active: 6,
    business: 4750.75,
    weeklyBusiness: 600,
    levels: Array.from(
      { length: 10 },
      (_, index) => filled[index] ?? { level: index + 1, members: 0, active: 0, business: 0 },
    ),
    ...overrides,
  };
}

/** The default plan's ranks with Bronze held since 1 March 2025, on the way to Silver. */
export function buildRewards(overrides: Partial<RewardsData> = {}): RewardsData {
  const rank = (
    name: string,
    teamBusiness: number,
    activeDirects: number,
    salary: number,
    reward: number,
  ) => ({
    name,
    teamBusiness,
    activeDirects,
    monthlySalary: salary,
    reward,
    achieved: false,
    firstReachedAt: null,
    current: false,
  });
  return {
    rank: 'Bronze',
    teamBusiness: 12_500,
    activeDirects: 4,
    next: {
      name: 'Silver',
      teamBusiness: 25_000,
      activeDirects: 5,
      businessProgress: 0.5,
      directsProgress: 0.8,
    },
    ranks: [
      {
        ...rank('Bronze', 5_000, 3, 50, 25),
        achieved: true,
        firstReachedAt: '2025-03-01T12:00:00.000Z',
        current: true,
      },
      rank('Silver', 25_000, 5, 250, 100),
      rank('Gold', 100_000, 8, 1_000, 500),
      rank('Platinum', 500_000, 10, 5_000, 2_500),
      rank('Diamond', 2_000_000, 15, 20_000, 10_000),
    ],
    rewards: [
      buildIncome({
        id: 'reward-1',
        kind: 'reward',
        amount: 25,
        createdAt: '2025-03-01T12:00:05.000Z',
        sourceMember: null,
        level: null,
        packageId: null,
        packageName: null,
        baseAmount: null,
        percentage: null,
        rank: 'Bronze',
      }),
    ],
    rewardsTotal: 25,
    ...overrides,
  };
}

/** Four weeks of a team of nine: two named legs and one more, on the way to Silver. */
export function buildTeamAnalysis(overrides: Partial<TeamAnalysisData> = {}): TeamAnalysisData {
  const rewards = buildRewards();
  return {
    levels: buildTeamInfo().levels,
    growth: [
      { weekStart: '2025-02-10', joined: 2, business: 1000, members: 4 },
      { weekStart: '2025-02-17', joined: 1, business: 500, members: 5 },
      { weekStart: '2025-02-24', joined: 0, business: 0, members: 5 },
      { weekStart: '2025-03-03', joined: 4, business: 3250.75, members: 9 },
    ],
    legs: [
      { name: 'Meera Nair', referralCode: 'MEER7788', business: 3000, members: 5 },
      { name: 'Kiran Das', referralCode: 'KIRA4455', business: 1250.75, members: 2 },
    ],
    otherLegs: { count: 1, business: 500, members: 2 },
    rank: {
      rank: rewards.rank,
      teamBusiness: rewards.teamBusiness,
      activeDirects: rewards.activeDirects,
      next: rewards.next,
    },
    ...overrides,
  };
}

/**
 * Lifetime totals: $1,000 invested ($600 of it in 2 packages still earning), trade and
 * compounding income, and a little from the team.
 */
export function buildWalletSummary(
  income: Partial<WalletSummaryData['income']> = {},
): WalletSummaryData {
  return {
    deposited: 1500,
    invested: 1000,
    withdrawn: 100,
    active: { packages: 2, amount: 600 },
    income: {
      trade: 42.5,
      compounding: 1.234,
      referralBonus: 50,
      teamLevelBonus: 0,
      teamProfit: 0.3,
      weeklyIncome: 0,
      monthlyIncome: 0,
      reward: 25,
      ...income,
    },
  };
}

/** Three days (1–3 March 2025) of trade income, and a referral bonus on the second. */
export function buildUserEarner(overrides: Partial<UserEarnerData> = {}): UserEarnerData {
  return {
    from: '2025-03-01',
    to: '2025-03-03',
    kinds: ['referral-bonus', 'trade-income'],
    days: [
      { day: '2025-03-01', total: 0.3, byKind: { 'trade-income': 0.3 } },
      { day: '2025-03-02', total: 50.3, byKind: { 'trade-income': 0.3, 'referral-bonus': 50 } },
      { day: '2025-03-03', total: 0, byKind: {} },
    ],
    totals: { 'trade-income': 0.6, 'referral-bonus': 50 },
    total: 50.6,
    ...overrides,
  };
}

/**
 * The sixteen pairs as GET market/pairs answers; from a live source BSV is not listed (as on
 * Binance), and `rates` overrides prices by symbol.
 */
export function buildMarketPairs(
  source: MarketSource = 'simulated',
  rates: Record<string, string> = {},
): MarketPairsData {
  return {
    source,
    updatedAt: '2026-11-24T12:00:00.000Z',
    pairs: MARKET_PAIRS.map((pair, index) => {
      const listed = !(source === 'live' && pair.base === 'bsv');
      const figure = (value: string) => (listed ? value : null);
      return {
        ...pair,
        image: `/api/v1/market/icons/${pair.base}.svg`,
        rate: figure(rates[pair.symbol] ?? (pair.base === 'btc' ? '95123.45' : `${index + 1}.5`)),
        change: figure(index % 2 === 0 ? '1.25' : '-0.4'),
        high: figure('96000'),
        low: figure('94000.5'),
        volume: figure('12345.678'),
        quoteVolume: figure('1234567890'),
        available: listed,
        source,
      };
    }),
  };
}

/** Three candles as GET market/klines answers (none for BSV from a live source). */
export function buildKlines(
  symbol: string,
  interval: MarketInterval,
  source: MarketSource = 'simulated',
): KlinesData {
  const listed = !(source === 'live' && symbol === 'bsv-usdt');
  return {
    symbol,
    interval,
    source,
    available: listed,
    candles: listed
      ? Array.from({ length: 3 }, (_, index) => ({
          time: 1_790_000_000 + index * 60,
          open: '95000',
          high: '95500',
          low: '94500',
          close: interval === '1h' ? '95100' : '95200',
          volume: '10',
        }))
      : [],
  };
}

/** Ticket #1042, opened on 2 March 2025 and waiting for support. */
export function buildTicket(overrides: Partial<TicketView> = {}): TicketView {
  return {
    id: 'ticket-1',
    number: 1042,
    subject: 'Deposit not credited',
    category: 'deposit',
    status: 'open',
    lastAuthor: 'member',
    messageCount: 1,
    createdAt: '2025-03-02T09:00:00.000Z',
    updatedAt: '2025-03-02T09:00:00.000Z',
    closedAt: null,
    ...overrides,
  };
}

export function buildTicketMessage(overrides: Partial<TicketMessageView> = {}): TicketMessageView {
  return {
    id: 'message-1',
    from: 'member',
    message: 'I sent 100 USDT an hour ago.',
    createdAt: '2025-03-02T09:00:00.000Z',
    ...overrides,
  };
}

export const OPERATOR_MEMBER_ID = '4b0c9a53-3f0e-4a55-9d8a-1c2f3e4d5a6b';

/** A member as the console's list shows them. */
export function buildOperatorMemberItem(
  overrides: Partial<OperatorMemberItem> = {},
): OperatorMemberItem {
  return {
    id: OPERATOR_MEMBER_ID,
    referralCode: 'ASHA2345',
    name: 'Asha Verma',
    email: 'asha@example.com',
    mobile: '+919876543210',
    status: 'active',
    emailVerified: true,
    joinedAt: '2026-03-02T09:00:00.000Z',
    sponsorCode: 'ROOT2345',
    ...overrides,
  };
}

/** A member's page in the console: the profile, `balance` dollars in each wallet, no team. */
export function buildOperatorMemberDetail({
  profile = {},
  balance = 10,
  packages = { active: 0, amount: 0 },
}: {
  profile?: Partial<OperatorMemberDetail['profile']>;
  balance?: number;
  packages?: OperatorMemberDetail['packages'];
} = {}): OperatorMemberDetail {
  const wallet = { available: balance, held: 0, total: balance };
  return {
    profile: {
      ...buildOperatorMemberItem(),
      sponsorName: 'Root Member',
      payoutAddress: null,
      dialCode: '+91',
      ...profile,
    },
    wallets: { fund: wallet, profit: wallet, compounding: wallet },
    packages,
    team: {
      direct: 0,
      activeDirects: 0,
      total: 0,
      active: 0,
      business: 0,
      weeklyBusiness: 0,
      levels: Array.from({ length: 10 }, (_, index) => ({
        level: index + 1,
        members: 0,
        active: 0,
        business: 0,
      })),
    },
  };
}
