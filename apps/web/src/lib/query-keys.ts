// Query keys that more than one feature touches. A package purchase or a profit claim moves
// money that the wallet header and the income lists show, and features may not import each
// other, so the keys they share live here.
export const sharedQueryKeys = {
  walletBalance: ['wallet', 'balance'],
  income: ['income'],
} as const;
