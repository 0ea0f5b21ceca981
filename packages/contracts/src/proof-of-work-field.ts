import { z } from 'zod';

// Apart from proof-of-work.ts so the sign-in and registration bodies (auth.ts, account.ts) can
// take the field without importing the second factor's contracts, which import auth.ts.

/** The body field of a solved challenge on auth/register, auth/forgot-password and auth/login. */
export const PROOF_OF_WORK_FIELD = 'proofOfWork';

/**
 * A solved challenge as a client sends it: base64 of the JSON `{challenge, solution}` (ALTCHA's
 * payload). Optional: the server asks for one only when it must (decision 0050).
 */
export const proofOfWorkField = z.string().max(4000).optional();
