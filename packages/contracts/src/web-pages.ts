import { z } from 'zod';

/** File name of the web build's HTML page manifest, beside the pages in its output folder. */
export const WEB_PAGES_MANIFEST = 'pages.json';

/**
 * The operator console's paths: the server answers them with the plain page (an empty #root),
 * never the members' prerendered frame, which a console screen would only replace.
 */
export const OPERATOR_CONSOLE_PATH = '/operator';
export const PLAIN_PAGE = 'index.html';

export const isOperatorConsolePath = (path: string): boolean =>
  path === OPERATOR_CONSOLE_PATH || path.startsWith(`${OPERATOR_CONSOLE_PATH}/`);

const htmlFile = z.string().regex(/^[a-z0-9-]+\.html$/, 'an HTML file at the top of the build');

/**
 * What the web build tells the server that serves it (decision 0018): the HTML page for each
 * path a browser may open first, and the hashes of the inline scripts those pages carry, which
 * the Content-Security-Policy must allow (and nothing else inline).
 */
export const webPages = z.object({
  /** Per path (exact, without the query), the page to answer with. */
  pages: z.record(z.string().startsWith('/'), htmlFile),
  /** The page for every other path the client-side router handles. */
  otherwise: htmlFile,
  /** CSP source expressions, `'sha256-…'`, one per distinct inline script. */
  scriptHashes: z.array(z.string().regex(/^'sha256-[A-Za-z0-9+/]+={0,2}'$/)),
});
export type WebPages = z.infer<typeof webPages>;
