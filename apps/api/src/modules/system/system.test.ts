import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../testing/requests.ts';
import { createRootMember, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createRootMember(t.ctx.database, 'RTST2345');
});
afterAll(() => t.close());

describe('platform routes', () => {
  it('reports health with a database round trip', async () => {
    const response = await call(t.app, 'GET', 'health');
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ database: 'up', engine: 'pglite' });
  });

  it('exposes Prometheus metrics including request durations to this machine', async () => {
    await call(t.app, 'GET', 'health');
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('http_request_duration_seconds_bucket');
    expect(response.body).toContain('route="/api/v1/health"');
  });

  it.each([
    ['another machine', { remoteAddress: '203.0.113.7' }],
    ['a proxy on this host', { headers: { 'x-forwarded-for': '203.0.113.7' } }],
    ['a rebound DNS name', { headers: { host: 'attacker.example' } }],
    [
      'another machine with a token nobody configured',
      {
        remoteAddress: '203.0.113.7',
        headers: { authorization: 'Bearer anything-at-all-123' },
      },
    ],
  ])('hides metrics from %s', async (_, request) => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', ...request });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('http_request_duration_seconds');
  });

  it('serves metrics to a scraper elsewhere that presents METRICS_TOKEN', async () => {
    const scraped = await createTestApp({
      database: t.ctx.database,
      env: { METRICS_TOKEN: 'scrape-token-0123456789' },
    });
    const scrape = (authorization?: string) =>
      scraped.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '198.51.100.20',
        headers: authorization ? { authorization } : {},
      });
    try {
      expect((await scrape('Bearer scrape-token-0123456789')).statusCode).toBe(200);
      expect((await scrape('Bearer scrape-token-0123456780')).statusCode).toBe(404);
      expect((await scrape()).statusCode).toBe(404);
    } finally {
      await scraped.close();
    }
  });

  it('tells no cache to keep an API answer, whatever its status', async () => {
    const member = await signUp(t.app, t.smtp, 'RTST2345');
    for (const response of [
      await call(t.app, 'GET', 'health'),
      await call(t.app, 'GET', 'auth/wallet-balance', undefined, { token: member.token }),
      await call(t.app, 'GET', 'auth/wallet-balance'),
      await call(t.app, 'GET', 'no/such/route'),
      await call(t.app, 'POST', 'auth/login', { loginId: member.code, password: 'wrong-password' }),
    ])
      expect(response.headers['cache-control']).toBe('no-store');
  });

  it('sends HSTS only over HTTPS, known from X-Forwarded-Proto behind a trusted proxy', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const direct = await call(t.app, 'GET', 'health', undefined, { headers: https });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    expect(
      (await call(t.app, 'GET', 'health')).headers['strict-transport-security'],
    ).toBeUndefined();

    const proxied = await createTestApp({ database: t.ctx.database, env: { TRUST_PROXY: 'true' } });
    try {
      const overTls = await call(proxied.app, 'GET', 'health', undefined, { headers: https });
      expect(overTls.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const plain = await call(proxied.app, 'GET', 'health');
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('publishes the OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = JSON.parse(response.body) as { paths: Record<string, unknown> };
    for (const path of [
      '/api/v1/auth/login',
      '/api/v1/auth/register',
      '/api/v1/auth/wallet-balance',
      '/api/v1/notification',
      '/api/v1/auth/unique-referal',
    ]) {
      expect(document.paths).toHaveProperty([path]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('sends security headers and a CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('forbids framing the same way in both headers, on the API and the docs alike', async () => {
    for (const url of ['/api/v1/health', '/api/docs/', '/api/v1/no/such/route']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });

  it('answers unknown API routes in the envelope', async () => {
    const response = await call(t.app, 'GET', 'no/such/route');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ status: 'error', error: 'NOT_FOUND' });
  });
});

describe('member reads', () => {
  it("shows the member's own invitation link", async () => {
    const member = await signUp(t.app, t.smtp, 'RTST2345');
    const response = await call(t.app, 'GET', '/api/v1/auth/unique-referal', undefined, {
      token: member.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.data.referralCode).toBe(member.code);
    expect(response.body.data.link).toContain(`/register?referralCode=${member.code}`);
  });
});
