/**
 * Every console query's key starts with 'operator', so the console's cache is dropped as a whole
 * when the operator's session ends, and never when a member's does (app/providers.tsx).
 */
export const OPERATOR_QUERY_ROOT = 'operator';

export const operatorKeys = {
  all: [OPERATOR_QUERY_ROOT] as const,
  me: () => [OPERATOR_QUERY_ROOT, 'me'] as const,
  /** A console area's queries, e.g. operatorKeys.area('deposits', filters). */
  area: (area: string, ...rest: unknown[]) => [OPERATOR_QUERY_ROOT, area, ...rest] as const,
};
