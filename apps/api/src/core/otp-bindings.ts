import type { WithdrawalWallet } from '@app/contracts';

// What a withdrawal or payout-address code is good for: send-otp issues the
// code under this string and the use case consumes it only under the same string, so a code
// mailed for $100 from profit to one address cannot approve $5,000, another wallet or another
// address.

/** Amount in micro-dollars, so 100 and 100.000000 bind alike; address as saved (normalised). */
export const withdrawalOtpBinding = (wallet: WithdrawalWallet, amount: bigint, address: string) =>
  `withdrawal:${wallet}:${amount}:${address}`;

/** Address normalised (normalizeUsdtAddress), as the contracts' schema hands it over. */
export const payoutAddressOtpBinding = (address: string) => `payout-address:${address}`;
