import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** One year, subdomains included: what browsers' preload lists ask for. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** Helmet's options for the app: its set with the app's CSP. */
export function securityHeaderOptions(scriptHashes: readonly string[]): HelmetOptions {
  return {
    hsts: false,
    // The same answer as the CSP's frame-ancestors 'none', for browsers that read only this
    // header: no page of the app may be framed, not even by itself (helmet says SAMEORIGIN).
    xFrameOptions: { action: 'deny' },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"], // MUI (emotion) injects style elements at run time
        // blob: images drawn from bytes fetched with the session (identity documents, a
        // ticket's images): never served by a URL of their own (decision 0055).
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  };
}

/**
 * The headers helmet writes for these options, computed once by running its own middleware on a
 * response that only records them. They depend on nothing of the request (no CSP nonces, no
 * directive given as a function), so every answer gets the same set; helmet itself would parse
 * the directives and rebuild the set on every request (5 % of the CPU of an API read).
 */
export function securityHeaders(scriptHashes: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    // Helmet removes X-Powered-By, which neither Fastify nor Node sets.
    removeHeader() {},
  };
  helmet(securityHeaderOptions(scriptHashes))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

/**
 * Security headers: helmet's set with the app's CSP, whose scripts are the site's own files
 * and the web build's inline scripts named by their hashes (`scriptHashes`), never just any
 * inline script; `Cache-Control: no-store` on every API answer (they carry tokens, balances,
 * personal data: no browser or shared cache may keep them); HSTS only over HTTPS, since a browser ignores it over HTTP and it would tell a plain
 * HTTP test server to be reached by TLS from then on. Behind a TLS-terminating proxy, HTTPS is
 * known from X-Forwarded-Proto, which Fastify reads only with TRUST_PROXY.
 */
export function registerHttpSecurity(
  app: FastifyInstance,
  apiPrefix: string,
  scriptHashes: string[],
): void {
  const headers = securityHeaders(scriptHashes);
  const apiPath = `${apiPrefix}/`;
  // onRequest, so error answers carry them too and a route may still choose otherwise (the
  // documentation's pages set their own CSP). A callback hook: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    const { url } = request;
    if (url.startsWith(apiPath) || url === apiPrefix || url.startsWith(`${apiPrefix}?`))
      reply.header('cache-control', 'no-store');
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
