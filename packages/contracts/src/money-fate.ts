// What becomes of a member's money, said before it moves (the deposit page and the buy dialog).
// The plan's rules: the fund wallet only buys packages and is never withdrawn; a package pays its
// daily profit for its days and does not return its amount at the end; the profit wallet (and
// compounding) is what pays out.

export const DEPOSIT_FATE =
  'A deposit goes to your fund wallet, which buys packages. The fund wallet cannot be withdrawn: ' +
  'what you can withdraw is your profit wallet (the daily profit you claim and your incomes) and ' +
  'your compounding wallet.';

export const PACKAGE_FATE =
  'The amount you pay for a package is not returned at the end. The package pays its daily ' +
  'profit on business days for its term, and that profit, claimed to your profit wallet, is what ' +
  'comes back to you and can be withdrawn.';

/**
 * The risk notice shown beside deposits and purchases until operators write their own with the
 * brand settings.
 */
export const DEFAULT_RISK_NOTICE =
  'Profit is paid from the platform’s earnings and is not guaranteed. You can lose what you ' +
  'put in: deposit only what you can afford to lose.';
