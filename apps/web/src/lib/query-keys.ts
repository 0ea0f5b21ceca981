// Query keys that more than one feature touches. A package purchase or a profit claim moves
// money that the wallet header and the income lists show, and features may not import each
// other, so the keys they share live here.
export const sharedQueryKeys = {
  walletBalance: ['wallet', 'balance'],
  /** Every wallet query (the header's balance, the three wallets, the statement) starts so. */
  wallets: ['wallet'],
  income: ['income'],
  /**
   * The member's withdrawal hold: the withdrawal screen shows it, and a change that starts one
   * there (a new payout address) or a refused withdrawal reads it again.
   */
  withdrawalHold: ['withdrawal-hold'],
} as const;
