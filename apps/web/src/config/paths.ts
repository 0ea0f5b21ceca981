// Every route of the app in one typed object, so links and the router cannot drift apart.
export const paths = {
  signIn: '/',
  login: '/login',
  register: '/register',
  verifyOtp: '/verify-otp',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',

  dashboard: '/dashboard',
  profile: '/profile',
  packages: '/packages',
  fund: '/fund',
  deposits: '/fund/deposits',
  depositHistory: '/fund/deposit-history',
  investments: '/fund/investments',
  withdrawal: '/fund/withdrawal',
  withdrawalHistory: '/fund/withdrawal-history',
  compoundingWithdrawalHistory: '/fund/compounding-withdrawal-history',
  transactionHistory: '/fund/transaction-history',
  payout: '/payout',
  referralBonus: '/income/referral-bonus',
  teamLevelBonus: '/income/team-level-bonus',
  teamProfit: '/income/team-profit',
  tradeIncome: '/income/trade-income',
  weeklyIncome: '/income/weekly-income',
  monthlyIncome: '/income/monthly-income',
  compoundingIncome: '/income/compounding-income',
  referralTeam: '/team/referral-team',
  levelTeam: '/team/level-team',
  teamAnalysis: '/team/team-analysis',
  rewards: '/rewards',
  markets: '/markets',
  support: '/query',
  verification: '/verification',
  payment: '/payment/:status',
  cryptoDetail: '/:symbol',
} as const;

export type PathKey = keyof typeof paths;

/** Query parameters the public screens read, named once. */
export const searchParams = {
  accessToken: 'accessToken',
  referralCode: 'referralCode',
  upline: 'upline',
  loginId: 'loginId',
  wallet: 'wallet',
  level: 'level',
} as const;

export const buildPath = {
  payment: (status: string) => `/payment/${encodeURIComponent(status)}`,
  cryptoDetail: (symbol: string) => `/${encodeURIComponent(symbol)}`,
  /** The withdrawal form with a wallet chosen (`profit` is the default without one). */
  withdrawalFrom: (wallet: 'profit' | 'compounding') =>
    `${paths.withdrawal}?${new URLSearchParams({ [searchParams.wallet]: wallet })}`,
  loginWithReferralCode: (code: string) =>
    `${paths.login}?${new URLSearchParams({ [searchParams.referralCode]: code })}`,
  /** One level of the team's members (1–10). */
  levelMembers: (level: number) =>
    `${paths.levelTeam}?${new URLSearchParams({ [searchParams.level]: String(level) })}`,
  verifyOtpFor: (loginId: string) =>
    `${paths.verifyOtp}?${new URLSearchParams({ [searchParams.loginId]: loginId })}`,
  /** The forgotten-password form with the Registered ID already typed on the sign-in. */
  forgotPasswordFor: (loginId: string) =>
    `${paths.forgotPassword}?${new URLSearchParams({ [searchParams.loginId]: loginId })}`,
  /** The reset step for the Registered ID or email a code was asked for. */
  resetPasswordFor: (loginId: string) =>
    `${paths.resetPassword}?${new URLSearchParams({ [searchParams.loginId]: loginId })}`,
};
