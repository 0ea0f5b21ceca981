export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** Client contract: drops null and undefined values; yields '?key=value&...' or ''. */
export function toQueryString(params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
