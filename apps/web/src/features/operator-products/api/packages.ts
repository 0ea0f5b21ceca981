import {
  DEFAULT_PAGE_SIZE,
  operatorPackagePageData,
  operatorPackageView,
  type CreatePackageBody,
  type UpdatePackageBody,
} from '@app/contracts';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { operatorApi } from '../../../lib/operator-client.ts';
import { productKeys } from './query-keys.ts';

/** GET operator/packages → a page of the whole catalogue, retired packages included. */
const packagesQuery = (page: number) =>
  queryOptions({
    queryKey: productKeys.packages(page),
    queryFn: ({ signal }) =>
      operatorApi
        .get('packages', {
          schema: operatorPackagePageData,
          query: { page, pageSize: DEFAULT_PAGE_SIZE },
          signal,
        })
        .then(({ data }) => data),
  });

// The rows stay on screen while another page loads.
export const useOperatorPackages = (page: number) =>
  useQuery({ ...packagesQuery(page), placeholderData: keepPreviousData });

/** After any catalogue change, settled or not, the catalogue is read again. */
function useCatalogueMutation<V>(send: (variables: V) => ReturnType<typeof createPackage>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

const createPackage = (body: CreatePackageBody) =>
  operatorApi.post('packages', body, { schema: operatorPackageView });

export const useCreatePackage = () => useCatalogueMutation(createPackage);

export const useUpdatePackage = () =>
  useCatalogueMutation(({ id, changes }: { id: string; changes: UpdatePackageBody }) =>
    operatorApi.patch(`packages/${encodeURIComponent(id)}`, changes, {
      schema: operatorPackageView,
    }),
  );

export const useRetirePackage = () =>
  useCatalogueMutation((id: string) =>
    operatorApi.post(`packages/${encodeURIComponent(id)}/retire`, undefined, {
      schema: operatorPackageView,
    }),
  );
