import { useMutation } from '@tanstack/react-query';
import type { ApiResult } from './api-client.ts';
import { notifySuccess } from './toast.ts';
import { retryAfterSeconds, useResendCountdown } from './use-resend-countdown.ts';

type SendHandlers = {
  /** The code is on its way, or one mailed moments ago is still good (a too-early refusal). */
  onSent?: () => void;
  /** Any other refusal, e.g. to put the server's reason on a field. */
  onRefused?: (error: Error) => void;
};

export type CodeSender<V> = {
  send: (variables: V, handlers?: SendHandlers) => void;
  isSending: boolean;
  /** Seconds before the server takes another send; 0 when it may be asked now. */
  secondsLeft: number;
};

/**
 * Asking the API to mail an email code (to verify the email, for a withdrawal, for a payout
 * address): says so when it is sent, and when the server answers "too early" counts down its
 * Retry-After and treats the code mailed moments ago as sent.
 */
export function useCodeSender<V>(
  sendCode: (variables: V) => Promise<ApiResult<unknown>>,
): CodeSender<V> {
  const sending = useMutation({ mutationFn: sendCode });
  const countdown = useResendCountdown();
  const send = (variables: V, { onSent, onRefused }: SendHandlers = {}) =>
    sending.mutate(variables, {
      onSuccess: ({ message }) => {
        notifySuccess(message || 'A code is on its way to your email');
        onSent?.();
      },
      onError: (error) => {
        countdown.waitAfter(error);
        if (retryAfterSeconds(error) === null) onRefused?.(error);
        else onSent?.();
      },
    });
  return { send, isSending: sending.isPending, secondsLeft: countdown.secondsLeft };
}
