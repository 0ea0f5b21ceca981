import type { signUpForm } from '../utils/sign-up-form-schema.ts';
import type { z } from 'zod';

/** The sign-up form's values as typed (input) and as validated by the schema (output). */
export type SignUpValues = {
  input: z.input<typeof signUpForm>;
  output: z.output<typeof signUpForm>;
};
