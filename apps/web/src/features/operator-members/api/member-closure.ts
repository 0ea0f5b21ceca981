import { operatorClosureData, type ClosureRefusalBody } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operatorApi } from '../../../lib/operator-client.ts';
import { memberKeys } from './query-keys.ts';

// A member's request to close their account in the console (decision 0060).

const closurePath = (id: string, action?: string) =>
  `members/${encodeURIComponent(id)}/closure${action ? `/${action}` : ''}`;

/** GET operator/members/:id/closure: the latest request, the wallets and what stops closing. */
export const useMemberClosure = (id: string) =>
  useQuery({
    queryKey: memberKeys.closure(id),
    queryFn: ({ signal }) =>
      operatorApi
        .get(closurePath(id), { schema: operatorClosureData, signal })
        .then(({ data }) => data),
  });

/**
 * After a decision, or a refusal because another operator decided first or money came in, every
 * member query is read again: the request, the status chip, the list filtered by closure.
 */
function useDecision<T>(id: string, send: (body: T) => ReturnType<typeof operatorApi.post>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: memberKeys.all }),
  });
}

/** POST operator/members/:id/closure/confirm: the account is closed for good. */
export const useConfirmClosure = (id: string) =>
  useDecision(id, () =>
    operatorApi.post(closurePath(id, 'confirm'), {}, { schema: operatorClosureData }),
  );

/** POST operator/members/:id/closure/refuse with the reason the member reads. */
export const useRefuseClosure = (id: string) =>
  useDecision(id, (body: ClosureRefusalBody) =>
    operatorApi.post(closurePath(id, 'refuse'), body, { schema: operatorClosureData }),
  );
