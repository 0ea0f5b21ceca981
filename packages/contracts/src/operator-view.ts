import { z } from 'zod';

// Who an operator is, apart from the rest of the operator API (operator.ts): the web app's first
// chunk reads a stored operator session with it, and a module is bundled whole, so with the rest
// the console's schemas were built on every member's first load.

export const OPERATOR_ROLES = ['admin', 'finance', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const operatorView = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
});
export type OperatorView = z.infer<typeof operatorView>;
