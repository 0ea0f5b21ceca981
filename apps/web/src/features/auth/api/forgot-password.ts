import type { ForgotPasswordBody } from '@app/contracts';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { useCodeSender } from '../../../lib/use-code-sender.ts';
import { sendWithProof, type ProofOfWork } from '../proof-of-work/use-proof-of-work.ts';

/**
 * POST auth/forgot-password (no auth): mails a password-reset code to the member with this
 * Registered ID or email. The answer is the same whether or not there is one.
 */
export const forgotPassword = (body: ForgotPasswordBody) =>
  apiClient.post('auth/forgot-password', body, { schema: z.unknown(), auth: false });

/** Asks for a reset code, with a solved robot check (decision 0050). */
export const useSendResetCode = (proofOfWork: ProofOfWork) =>
  useCodeSender((loginId: ForgotPasswordBody['loginId']) =>
    sendWithProof(proofOfWork, true, (proof) => forgotPassword({ loginId, proofOfWork: proof })),
  );
