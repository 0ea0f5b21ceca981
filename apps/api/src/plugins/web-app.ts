import { existsSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../lib/errors.ts';

export const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** Vite names every file it emits under assets/ by its content hash: a new build, a new name. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html names the current build's files, so the browser asks (ETag) before each use. */
export const REVALIDATE_CACHE = 'no-cache';
/** Unhashed public files (the favicon) keep their name across builds: a day, then revalidate. */
export const PUBLIC_FILE_CACHE = 'public, max-age=86400';

/** The Cache-Control of a served file, judged by where it lies in the build. */
function cacheControlFor(distDir: string, filePath: string): string {
  const path = relative(distDir, filePath);
  if (path.startsWith(`assets${sep}`)) return IMMUTABLE_CACHE;
  // index.html and its .br/.gz siblings.
  if (path === 'index.html' || path.startsWith('index.html.')) return REVALIDATE_CACHE;
  return PUBLIC_FILE_CACHE;
}

/**
 * Serves the built React app on the API's port. Any path that is not a file and not under
 * /api is a client-side route, so it gets index.html. The build writes a brotli (.br) and a
 * gzip (.gz) copy beside each text file; the one the browser accepts is sent as it is, with
 * `Vary: Accept-Encoding`, so nothing is compressed per request.
 */
export async function registerWebApp(app: FastifyInstance, distDir = WEB_DIST): Promise<boolean> {
  if (!existsSync(`${distDir}/index.html`)) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(distDir, filePath));
    },
  });
  const sendIndex = (reply: FastifyReply) => reply.sendFile('index.html', distDir);
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path === '/api')
      throw new AppError('NOT_FOUND', `Route ${request.method} ${path} not found`);
    if (/\.[a-z0-9]+$/i.test(path) && existsSync(`${distDir}${decodeURIComponent(path)}`)) {
      return reply.sendFile(decodeURIComponent(path).slice(1));
    }
    if (path.startsWith('/assets/')) throw new AppError('NOT_FOUND', 'File not found');
    return sendIndex(reply);
  });
  return true;
}
