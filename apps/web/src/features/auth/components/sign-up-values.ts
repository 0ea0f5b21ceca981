import type { registerForm } from '@app/contracts';
import type { z } from 'zod';

/** The sign-up form's values as typed (input) and as validated by the schema (output). */
export type SignUpValues = {
  input: z.input<typeof registerForm>;
  output: z.output<typeof registerForm>;
};
