import { DEFAULT_PAGE_SIZE, purchasedPackagePageData, type PageQuery } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { packageKeys } from './query-keys.ts';

/** GET package/my-packages → a page of the member's purchased packages, newest first. */
export const getMyPackages = (query: PageQuery, signal?: AbortSignal) =>
  apiClient.get('package/my-packages', { schema: purchasedPackagePageData, query, signal });

export const myPackagesQueryOptions = (page: number) => {
  const query = { page, pageSize: DEFAULT_PAGE_SIZE };
  return queryOptions({
    queryKey: packageKeys.mine(query),
    queryFn: ({ signal }) => getMyPackages(query, signal).then(({ data }) => data),
  });
};

// The current page stays on screen while the next one loads. (Set here: inside queryOptions
// keepPreviousData widens the data type to include the function itself.)
export const useMyPackages = (page: number) =>
  useQuery({ ...myPackagesQueryOptions(page), placeholderData: keepPreviousData });
