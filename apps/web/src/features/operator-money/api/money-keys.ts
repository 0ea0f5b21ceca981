import { operatorKeys } from '../../../lib/operator-query-keys.ts';

/** The console's money area: the two queues, their details and the adjustments. */
export const MONEY_AREA = 'money';

export const moneyKeys = {
  all: () => operatorKeys.area(MONEY_AREA),
  depositList: (query: object) => operatorKeys.area(MONEY_AREA, 'deposits', 'list', query),
  deposit: (id: string) => operatorKeys.area(MONEY_AREA, 'deposits', 'detail', id),
  withdrawalList: (query: object) => operatorKeys.area(MONEY_AREA, 'withdrawals', 'list', query),
  withdrawal: (id: string) => operatorKeys.area(MONEY_AREA, 'withdrawals', 'detail', id),
  adjustmentList: (query: object) => operatorKeys.area(MONEY_AREA, 'adjustments', 'list', query),
};
