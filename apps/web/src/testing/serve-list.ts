import { http } from 'msw';
import { apiUrl } from './handlers.ts';
import { server } from './server.ts';

/**
 * Serves a list endpoint with what `answer` makes of each request's query, and records the
 * query strings asked for. StrictMode mounts twice and the first, cancelled request repeats,
 * so a query asked twice in a row counts once.
 */
export function serveList(path: string, answer: (params: URLSearchParams) => Response): string[] {
  const asked: string[] = [];
  server.use(
    http.get(apiUrl(path), ({ request }) => {
      const params = new URL(request.url).searchParams;
      const search = params.toString();
      if (asked.at(-1) !== search) asked.push(search);
      return answer(params);
    }),
  );
  return asked;
}
