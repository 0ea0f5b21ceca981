import { ACCOUNT_IS_CLOSED, type SignInFailure } from '@app/contracts';
import { AppError } from '../../lib/errors.ts';

/**
 * A sign-in's refusal of an account that is not active, at whichever step proved who it is (the
 * password, a second factor, a passkey): blocked by an operator, or closed at the member's request
 * (decision 0060). Only someone who proved the account is theirs reaches it, so saying which
 * reveals nothing to anyone else. Null for an active account.
 */
export function inactiveAccountRefusal(
  status: string,
): { failure: SignInFailure; error: AppError } | null {
  if (status === 'active') return null;
  if (status === 'closed')
    return { failure: 'account-closed', error: new AppError('ACCOUNT_CLOSED', ACCOUNT_IS_CLOSED) };
  return {
    failure: 'account-blocked',
    error: new AppError('ACCOUNT_BLOCKED', 'This account is blocked. Please contact support.'),
  };
}
