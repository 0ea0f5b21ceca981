import { z } from 'zod';
import { PROOF_OF_WORK_FIELD } from './proof-of-work-field.ts';
import { SECOND_FACTOR_METHODS, secondFactorChallengeData } from './second-factor.ts';

export { PROOF_OF_WORK_FIELD, proofOfWorkField } from './proof-of-work-field.ts';

// The proof-of-work challenge (decision 0050): registration, a forgotten password and a sign-in
// after failures may ask the client to spend a little CPU first. The challenge is ALTCHA's (v2,
// PBKDF2/SHA-256, altcha-lib on both sides); no outside service is asked.

/** Where a client fetches a challenge (GET, under the API's /api/v1). */
export const PROOF_OF_WORK_PATH = 'auth/proof-of-work';

export const PROOF_OF_WORK_REQUIRED =
  'Please let the automatic robot check finish, then send the form again.';

/** GET auth/proof-of-work: the challenge as altcha-lib makes it, signed by the server. */
export const proofOfWorkChallengeData = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    /** What the server signed with the challenge: when it ends (seconds since 1970, UTC). */
    data: z.object({ expires: z.number() }),
  }),
  signature: z.string(),
});
export type ProofOfWorkChallenge = z.infer<typeof proofOfWorkChallengeData>;

/** The `data` of a PROOF_OF_WORK_REQUIRED answer: where to get a challenge, and which field. */
export const proofOfWorkRequiredData = z.object({
  challengeUrl: z.string(),
  field: z.literal(PROOF_OF_WORK_FIELD),
});
export type ProofOfWorkRequired = z.infer<typeof proofOfWorkRequiredData>;

/** The solution of a challenge, as the solver finds it. */
export type ProofOfWorkSolution = { counter: number; derivedKey: string };

/** The payload a client sends: base64 of `{challenge, solution}` as JSON. */
export const encodeProofOfWork = (
  challenge: ProofOfWorkChallenge,
  solution: ProofOfWorkSolution,
): string =>
  btoa(
    JSON.stringify({
      challenge,
      solution: { counter: solution.counter, derivedKey: solution.derivedKey },
    }),
  );

/**
 * What the second step of a sign-in may take: the member's factors, or, for a member with none
 * whose account has seen many failed sign-ins, a code emailed to them. Step-up never takes an
 * emailed code; it keeps SECOND_FACTOR_METHODS.
 */
export const SIGN_IN_STEP_METHODS = [...SECOND_FACTOR_METHODS, 'email-code'] as const;
export type SignInStepMethod = (typeof SIGN_IN_STEP_METHODS)[number];

/** The `data` of a SECOND_FACTOR_REQUIRED answer to POST auth/login. */
export const signInChallengeData = secondFactorChallengeData.extend({
  methods: z.array(z.enum(SIGN_IN_STEP_METHODS)),
});
export type SignInChallenge = z.infer<typeof signInChallengeData>;

export const EMAILED_SIGN_IN_CODE_SENT =
  'We emailed you a code. Enter it to finish signing in: there were many failed sign-ins on your account.';
