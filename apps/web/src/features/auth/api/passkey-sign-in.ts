import { loginData, webauthnOptionsData } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/auth-store.ts';
import { dismissToasts } from '../../../lib/toast.ts';
import { answerWithPasskey } from '../../../lib/webauthn.ts';

// Signing in with a passkey (decision 0048): alone, where the member allowed it, or as the second
// step after the password. Either way the device signs the server's challenge and the answer
// opens a session like auth/login's.

/** POST auth/passkey-sign-in/options → the device offers its passkeys → POST auth/passkey-sign-in. */
export async function signInWithPasskey() {
  const { data } = await apiClient.post('auth/passkey-sign-in/options', undefined, {
    schema: webauthnOptionsData,
    auth: false,
  });
  const response = await answerWithPasskey(data.options);
  return apiClient.post('auth/passkey-sign-in', { response }, { schema: loginData, auth: false });
}

/** The second step: the sign-in's challenge → the member's passkeys → the device signs. */
export async function finishWithPasskey(challenge: string) {
  const { data } = await apiClient.post(
    'auth/login/second-factor/passkey-options',
    { challenge },
    { schema: webauthnOptionsData, auth: false },
  );
  const response = await answerWithPasskey(data.options);
  return apiClient.post(
    'auth/login/second-factor/passkey',
    { challenge, response },
    { schema: loginData, auth: false },
  );
}

const keepSession = ({ data }: Awaited<ReturnType<typeof signInWithPasskey>>) => {
  dismissToasts();
  saveSession(data.access_token, data.user);
};

export const useSignInWithPasskey = () =>
  useMutation({ mutationFn: signInWithPasskey, onSuccess: keepSession });

/** The second step by passkey, for this sign-in's challenge. */
export const useFinishWithPasskey = (challenge: string) =>
  useMutation({ mutationFn: () => finishWithPasskey(challenge), onSuccess: keepSession });
