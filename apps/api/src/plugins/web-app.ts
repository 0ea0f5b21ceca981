import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  isOperatorConsolePath,
  PLAIN_PAGE,
  WEB_PAGES_MANIFEST,
  webPages,
  type WebPages,
} from '@app/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

export const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** A built web app: its folder and the build's page manifest. */
export type WebBuild = { distDir: string; pages: WebPages };

/**
 * The web app built into `distDir`, or null when there is none (no index.html): the API then
 * runs alone. A build without its page manifest is from before the manifest existed, and its
 * inline scripts would be refused by the CSP: the start stops and says to build again.
 */
export function loadWebBuild(distDir = WEB_DIST): WebBuild | null {
  if (!existsSync(join(distDir, 'index.html'))) return null;
  const manifest = join(distDir, WEB_PAGES_MANIFEST);
  if (!existsSync(manifest))
    throw new Error(`${manifest} is missing: build the web app again (npm run build)`);
  return { distDir, pages: webPages.parse(JSON.parse(readFileSync(manifest, 'utf8'))) };
}

/** Vite names every file it emits under assets/ by its content hash: a new build, a new name. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** The pages name the current build's files, so the browser asks (ETag) before each use. */
export const REVALIDATE_CACHE = 'no-cache';
/** Unhashed public files (the favicon) keep their name across builds: a day, then revalidate. */
export const PUBLIC_FILE_CACHE = 'public, max-age=86400';

/** The Cache-Control of a served file, judged by where it lies in the build. */
function cacheControlFor(distDir: string, filePath: string): string {
  const path = relative(distDir, filePath);
  if (path.startsWith(`assets${sep}`)) return IMMUTABLE_CACHE;
  // The pages (index.html and the others) and their .br/.gz siblings.
  if (/^[^\\/]+\.html(?:\.br|\.gz)?$/.test(path)) return REVALIDATE_CACHE;
  return PUBLIC_FILE_CACHE;
}

/**
 * Serves the built React app on the API's port. Any path that is not a file and not under
 * /api is a client-side route, so it gets the page the build's manifest names for it (the
 * prerendered sign-in, the signed-in frame...). The build writes a brotli (.br) and a gzip
 * (.gz) copy beside each text file; the one the browser accepts is sent as it is, with
 * `Vary: Accept-Encoding`, so nothing is compressed per request. The manifest itself is the
 * server's, never sent.
 */
export async function registerWebApp(app: FastifyInstance, build: WebBuild): Promise<void> {
  const { distDir, pages } = build;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    allowedPath: (pathName) => pathName !== `/${WEB_PAGES_MANIFEST}`,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(distDir, filePath));
    },
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path === '/api')
      throw new AppError('NOT_FOUND', `Route ${request.method} ${path} not found`);
    if (/\.[a-z0-9]+$/i.test(path) && existsSync(`${distDir}${decodeURIComponent(path)}`)) {
      return reply.sendFile(decodeURIComponent(path).slice(1));
    }
    if (path.startsWith('/assets/')) throw new AppError('NOT_FOUND', 'File not found');
    if (isOperatorConsolePath(path)) return reply.sendFile(PLAIN_PAGE, distDir);
    return reply.sendFile(pages.pages[path] ?? pages.otherwise, distDir);
  });
}
