import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../lib/toast.ts';
import { moneyKeys } from './money-keys.ts';

/**
 * A decision on money (confirm, pay, reject, approve). Whatever the answer, the area's lists and
 * details are read again: after a success they show the new state, after a 409 (another
 * operator was first; the API client has toasted the server's sentence) they show theirs.
 */
export function useMoneyAction<V>(mutationFn: (variables: V) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ message }) => notifySuccess(message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyKeys.all() }),
  });
}
