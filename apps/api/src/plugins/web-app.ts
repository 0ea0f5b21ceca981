import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../lib/errors.ts';

export const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Serves the built React app on the API's port. Any path that is not a file and not under
 * /api is a client-side route, so it gets index.html.
 */
export async function registerWebApp(app: FastifyInstance, distDir = WEB_DIST): Promise<boolean> {
  if (!existsSync(`${distDir}/index.html`)) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    maxAge: '1h',
    immutable: false,
  });
  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', distDir, { maxAge: 0 });
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
