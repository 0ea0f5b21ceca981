import { operatorKeys } from '../../../lib/operator-query-keys.ts';

/** The catalogue's and the plan's queries, all under the console's 'products' area. */
export const productKeys = {
  all: operatorKeys.area('products'),
  packages: (page: number) => operatorKeys.area('products', 'packages', page),
  plan: () => operatorKeys.area('products', 'plan'),
  planVersions: (page: number) => operatorKeys.area('products', 'plan-versions', page),
};
