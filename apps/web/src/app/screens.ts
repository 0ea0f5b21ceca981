import type { PathKey } from '../config/paths.ts';

export type Screen = {
  title: string;
  /** What the screen shows: its subtitle. */
  summary: string;
  /** Shorter name for the menu when the title is long or needs its group for context. */
  menuLabel?: string;
};

// The protected screens of the shell. Titles feed the menu and the page headings alike.
export const screens = {
  dashboard: {
    title: 'Dashboard',
    summary: "Your wallets, today's profit to claim, your referral link and the latest activity.",
  },
  profile: {
    title: 'Profile',
    summary:
      'Your details and sponsor, your USDT payout address (changed with an email code) and your password.',
  },
  fund: {
    title: 'My Wallet',
    menuLabel: 'Wallet',
    summary:
      'Your fund, profit and compounding wallets: what is available and held, deposit and withdraw, and your latest transactions.',
  },
  markets: {
    title: 'Markets',
    summary:
      'The sixteen market pairs with their live price and 24-hour change; each opens its chart.',
  },
  packages: {
    title: 'Packages',
    summary:
      'Choose a package and an amount in its range; it is paid from your fund wallet and earns profit every day.',
  },
  deposits: {
    title: 'Deposit',
    summary:
      'Adding USDT to your fund wallet through the payment gateway, or by a manual transfer with its transaction hash.',
  },
  depositHistory: {
    title: 'Deposit history',
    summary: 'Every deposit you made with its amount, method and status.',
  },
  investments: {
    title: 'Investments',
    summary:
      'Each package you bought: days completed, profit claimed and still to come, Active or Expired.',
  },
  withdrawal: {
    title: 'Withdrawal',
    summary:
      'Withdrawing from your profit or compounding wallet, with the fee and net amount shown as you type and an email code to confirm.',
  },
  withdrawalHistory: {
    title: 'Withdrawal history',
    summary: 'Your withdrawals with amount, fee, net amount and status.',
  },
  compoundingWithdrawalHistory: {
    title: 'Compounding withdrawal history',
    menuLabel: 'Compounding withdrawals',
    summary: 'The withdrawals taken from your compounding wallet and their status.',
  },
  transactionHistory: {
    title: 'Transaction history',
    summary:
      'Your statement: every movement of each wallet with its running balance, with filters and CSV export.',
  },
  payout: {
    title: 'Payout',
    summary: 'Every paid withdrawal with its blockchain transaction hash.',
  },
  referralBonus: {
    title: 'Referral bonus',
    summary:
      "The bonus earned on your direct referrals' package purchases, with totals and date filters.",
  },
  teamLevelBonus: {
    title: 'Team level bonus',
    summary:
      'Bonuses from package purchases two to six levels below you, with the member and level behind each.',
  },
  teamProfit: {
    title: 'Team profit',
    summary: 'Your share of the daily profit your team claims, by member and level.',
  },
  tradeIncome: {
    title: 'Trade income',
    summary:
      'The daily profit you claimed from your packages: one line per package and day, with the total.',
  },
  weeklyIncome: {
    title: 'Weekly income',
    summary: "Your weekly income on the team's new business, week by week.",
  },
  monthlyIncome: {
    title: 'Monthly income',
    summary: 'The monthly salary of the rank you held, month by month.',
  },
  compoundingIncome: {
    title: 'Compounding income',
    summary: 'The daily income earned by your compounding wallet.',
  },
  referralTeam: {
    title: 'Referral team',
    summary:
      'The members you invited directly: when they joined, their active investment and their business.',
  },
  levelTeam: {
    title: 'Level team',
    summary: 'Your team level by level, one to ten, with members and business on each.',
  },
  teamAnalysis: {
    title: 'Team analysis',
    summary:
      "Charts of your team's business per level, its growth over time and your legs compared.",
  },
  rewards: {
    title: 'Rewards',
    summary: 'The ranks, your progress towards the next one and the rewards you have earned.',
  },
  verification: {
    title: 'Identity verification',
    summary:
      'Your identity document, checked once by our team before larger withdrawals: its status, and what to send.',
  },
  support: {
    title: 'Support',
    summary:
      'Your support tickets: open one with a subject and a message, follow its status and reply.',
  },
} satisfies Partial<Record<PathKey, Screen>>;

export type ScreenKey = keyof typeof screens;

/** Outcomes a payment gateway sends the member back with (/payment/:status). */
const paymentScreens: Record<string, Screen> = {
  success: {
    title: 'Payment received',
    summary: 'Your deposit, when it is credited and what to do next.',
  },
  pending: {
    title: 'Payment pending',
    summary: 'Where your deposit stands while the network confirms it.',
  },
  failed: {
    title: 'Payment failed',
    summary: 'Why the payment did not go through and how to try again.',
  },
  cancelled: {
    title: 'Payment cancelled',
    summary: 'The cancelled payment and how to start a new deposit.',
  },
};

// Own keys only: a status such as 'constructor' must not find Object's prototype.
export const findPaymentScreen = (status: string): Screen | undefined =>
  Object.hasOwn(paymentScreens, status) ? paymentScreens[status] : undefined;
