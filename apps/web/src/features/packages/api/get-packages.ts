import { MAX_PAGE_SIZE, packagePageData } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { packageKeys } from './query-keys.ts';

// The catalogue is a handful of packages: one page of the largest size holds it.
const catalogueQuery = { page: 1, pageSize: MAX_PAGE_SIZE };

/** GET package → the packages on sale in `data.data`. */
export const getPackages = (signal?: AbortSignal) =>
  apiClient.get('package', { schema: packagePageData, query: catalogueQuery, signal });

export const packagesQueryOptions = () =>
  queryOptions({
    queryKey: packageKeys.catalogue(),
    queryFn: ({ signal }) => getPackages(signal).then(({ data }) => data.data),
  });

export const usePackages = () => useQuery(packagesQueryOptions());
