import { statementKindLabels } from '@app/contracts';

// The contracts name every transfer kind; a kind added later still reads as its code.
export const kindLabel = (kind: string) =>
  (statementKindLabels as Record<string, string | undefined>)[kind] ?? kind;
