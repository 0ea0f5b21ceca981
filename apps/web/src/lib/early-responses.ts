/**
 * Where the early script (build/preload-signed-in.ts) leaves the answers to the first
 * screen's GETs (app/first-screen.ts) for the app: a property of `window`.
 */
export const EARLY_RESPONSES_KEY = 'memberInvestEarlyResponses';

/** One GET the early script sent: the session it carried and its answer (null if it failed). */
export type EarlyResponse = { token: string; response: Promise<Response | null> };

/** Undefined before the early script ran, null once the app closed them (see below). */
type EarlyResponses = Partial<Record<string, EarlyResponse>> | null | undefined;

const slot = () => window as unknown as Record<string, EarlyResponses>;

/**
 * The answer the early script already asked for `path` with this same session, taken once:
 * later calls (a refetch, a retry) go to the server. Null when there is none, so the caller
 * sends the request itself; an early request that failed answers null too.
 */
export function takeEarlyResponse(
  path: string,
  token: string | null,
): Promise<Response | null> | null {
  const responses = slot()[EARLY_RESPONSES_KEY];
  const early = responses?.[path];
  if (!responses || !early || token === null || early.token !== token) return null;
  delete responses[path];
  return early.response;
}

/**
 * Once the first screen is drawn, answers not taken by then are not current any more (a
 * balance read before a claim): they are dropped, and an early script that runs only now (it
 * is async, so it may) sends nothing.
 */
export function closeEarlyResponses(): void {
  slot()[EARLY_RESPONSES_KEY] = null;
}
