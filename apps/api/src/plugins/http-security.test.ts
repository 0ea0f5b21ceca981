import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityHeaderOptions, securityHeaders } from './http-security.ts';

/** The headers @fastify/helmet, registered as the app once did, puts on an answer. */
async function headersFromHelmetPlugin(scriptHashes: string[]): Promise<Record<string, string>> {
  const app = Fastify();
  // The same options object; only the type differs (helmet's ESM and CommonJS declarations).
  const options = securityHeaderOptions(scriptHashes) as unknown as FastifyHelmetOptions;
  await app.register(fastifyHelmet, options);
  app.get('/', async () => 'ok');
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  const names = Object.keys(securityHeaders(scriptHashes));
  const helmetNames = Object.keys(response.headers).filter(
    (name) => !['content-type', 'content-length', 'date', 'connection'].includes(name),
  );
  expect(helmetNames.sort()).toEqual([...names].sort());
  return Object.fromEntries(names.map((name) => [name, String(response.headers[name])]));
}

describe('security headers computed once', () => {
  it.each([
    ['no inline scripts', []],
    ['the web build’s inline scripts', ["'sha256-abc123='", "'sha256-def456='"]],
  ])('are exactly the ones helmet sets on every request, with %s', async (_, hashes) => {
    expect(securityHeaders(hashes)).toEqual(await headersFromHelmetPlugin(hashes));
  });

  it('name the inline scripts in the CSP and forbid framing', () => {
    const headers = securityHeaders(["'sha256-abc123='"]);
    expect(headers['content-security-policy']).toContain("script-src 'self' 'sha256-abc123='");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['strict-transport-security']).toBeUndefined();
  });
});
