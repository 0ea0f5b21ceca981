import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** One year, subdomains included: what browsers' preload lists ask for. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers: helmet's set with the app's CSP, whose scripts are the site's own files
 * and the web build's inline scripts named by their hashes (`scriptHashes`), never just any
 * inline script; `Cache-Control: no-store` on every API answer (they carry tokens, balances,
 * personal data: no browser or shared cache may keep them); HSTS only over HTTPS, since a browser ignores it over HTTP and it would tell a plain
 * HTTP test server to be reached by TLS from then on. Behind a TLS-terminating proxy, HTTPS is
 * known from X-Forwarded-Proto, which Fastify reads only with TRUST_PROXY.
 */
export async function registerHttpSecurity(
  app: FastifyInstance,
  apiPrefix: string,
  scriptHashes: string[],
): Promise<void> {
  await app.register(helmet, {
    hsts: false,
    // The same answer as the CSP's frame-ancestors 'none', for browsers that read only this
    // header: no page of the app may be framed, not even by itself (helmet says SAMEORIGIN).
    xFrameOptions: { action: 'deny' },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"], // MUI (emotion) injects style elements at run time
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  // onRequest, so error answers carry it too and a route may still choose otherwise.
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0];
    if (path === apiPrefix || path?.startsWith(`${apiPrefix}/`))
      reply.header('cache-control', 'no-store');
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
