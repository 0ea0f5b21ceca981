import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PROOF_OF_WORK_REQUIRED } from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { HOUR_MS, MINUTE_MS } from '../../lib/clock.ts';
import { redeemProofOfWork } from '../../core/proof-of-work.ts';
import { signInOperator } from '../../testing/operators.ts';
import { solvedProofOfWork } from '../../testing/proof-of-work.ts';
import { call, registration } from '../../testing/requests.ts';
import { createRootMember, createTestApp, type TestApp } from '../../testing/test-app.ts';

// The proof-of-work on registration and forgotten passwords (decision 0050): asked for past a
// volume per address in an hour, or always when an operator says so; each solved challenge is
// taken once, and a forged, altered or ended one is refused. Sign-in's is in sign-in-guard.test.ts.

let t: TestApp;
const ROOT = 'POWR2345';

beforeAll(async () => {
  t = await createTestApp({
    env: { PROOF_OF_WORK_REGISTRATIONS: '3', PROOF_OF_WORK_RESET_REQUESTS: '5' },
  });
  await createRootMember(t.ctx.database, ROOT);
});
afterAll(() => t.close());

const REQUIRED_BODY = {
  status: 'error',
  error: 'PROOF_OF_WORK_REQUIRED',
  message: PROOF_OF_WORK_REQUIRED,
  data: { challengeUrl: '/api/v1/auth/proof-of-work', field: 'proofOfWork' },
};

const register = (ip: string, proofOfWork?: string) =>
  call(t.app, 'POST', 'auth/register', { ...registration(ROOT), proofOfWork }, { ip });
const forgot = (ip: string, loginId: string, proofOfWork?: string) =>
  call(t.app, 'POST', 'auth/forgot-password', { loginId, proofOfWork }, { ip });

describe('GET auth/proof-of-work', () => {
  it('gives a signed PBKDF2 challenge ending in 20 minutes, a new one each time', async () => {
    const first = await call(t.app, 'GET', 'auth/proof-of-work');
    const second = await call(t.app, 'GET', 'auth/proof-of-work');
    expect(first.status).toBe(200);
    expect(first.body.data.parameters).toMatchObject({
      algorithm: 'PBKDF2/SHA-256',
      cost: 1000,
      keyLength: 32,
      data: { expires: Math.floor((t.clock.now().getTime() + 20 * MINUTE_MS) / 1000) },
    });
    expect(first.body.data.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(first.body.data.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(second.body.data.signature).not.toBe(first.body.data.signature);
  });

  it('appears in the OpenAPI document with its schema', async () => {
    const docs = await call(t.app, 'GET', '/api/docs/json');
    const path = docs.body.paths?.['/api/v1/auth/proof-of-work'];
    expect(path?.get?.responses?.['200']).toBeDefined();
    const body = docs.body.paths?.['/api/v1/auth/register']?.post?.requestBody;
    expect(JSON.stringify(body)).toContain('proofOfWork');
  });
});

describe('registration', () => {
  it('needs no proof for 3 registrations from an address in an hour, then one each time', async () => {
    const ip = '10.50.0.1';
    for (let i = 0; i < 3; i++) expect((await register(ip)).status).toBe(200);
    const refused = await register(ip);
    expect(refused.status).toBe(428);
    expect(refused.body).toEqual(REQUIRED_BODY);

    const proof = await solvedProofOfWork(t.app);
    expect((await register(ip, proof)).status).toBe(200);
    // The same solution again is a replay.
    expect((await register(ip, proof)).body).toEqual(REQUIRED_BODY);
    // Another address has its own count.
    expect((await register('10.50.0.2')).status).toBe(200);
    // An hour later the address starts again.
    t.clock.advance(HOUR_MS);
    expect((await register(ip)).status).toBe(200);
  });

  it('refuses an expired, forged or altered proof, and garbage', async () => {
    const ip = '10.50.0.3';
    for (let i = 0; i < 3; i++) expect((await register(ip)).status).toBe(200);
    const expiring = await solvedProofOfWork(t.app);
    t.clock.advance(20 * MINUTE_MS);
    expect((await register(ip, expiring)).status).toBe(428);

    const decoded = JSON.parse(Buffer.from(await solvedProofOfWork(t.app), 'base64').toString());
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    // A cheaper challenge of the client's making: its signature no longer matches.
    const cheaper = structuredClone(decoded);
    cheaper.challenge.parameters.cost = 1;
    // A later end: the same.
    const longer = structuredClone(decoded);
    longer.challenge.parameters.data.expires += 3600;
    // A key that was not derived from the secret counter.
    const unsolved = structuredClone(decoded);
    unsolved.solution.derivedKey = '00'.repeat(32);
    // A challenge signed with another key.
    const forged = structuredClone(decoded);
    forged.challenge.signature = 'ab'.repeat(32);
    for (const bad of [cheaper, longer, unsolved, forged])
      expect((await register(ip, encode(bad))).body).toEqual(REQUIRED_BODY);
    expect((await register(ip, 'not base64 json')).status).toBe(428);
    // The untouched one still works: the refusals did not spend it.
    expect((await register(ip, encode(decoded))).status).toBe(200);
  });

  it('asks for a proof on every registration when an operator says always, audited', async () => {
    const operator = await signInOperator(t, 'pow-admin@example.com');
    const put = (mode: string) =>
      call(t.app, 'PUT', 'operator/settings/proof-of-work', { mode }, { token: operator });
    expect(
      (await call(t.app, 'GET', 'operator/settings/proof-of-work', undefined, { token: operator }))
        .body.data,
    ).toEqual({ mode: 'adaptive' });
    expect((await put('sometimes')).status).toBe(422);
    expect((await put('always')).status).toBe(200);

    const ip = '10.50.0.4';
    expect((await register(ip)).body).toEqual(REQUIRED_BODY);
    expect((await register(ip, await solvedProofOfWork(t.app))).status).toBe(200);
    expect((await forgot(ip, ROOT)).body).toEqual(REQUIRED_BODY);
    expect((await forgot(ip, ROOT, await solvedProofOfWork(t.app))).status).toBe(200);
    const [audit] = await queryRows<{ detail: unknown }>(
      t.ctx.database.db,
      sql`select detail from audit_log where action = 'settings.proof-of-work'`,
    );
    expect(audit?.detail).toEqual({ before: { mode: 'adaptive' }, after: { mode: 'always' } });

    expect((await put('adaptive')).status).toBe(200);
    expect((await register('10.50.0.5')).status).toBe(200);
  });
});

describe('forgotten password', () => {
  it('needs no proof for 5 requests from an address in an hour, the same for known and unknown ids', async () => {
    const ip = '10.51.0.1';
    for (let i = 0; i < 5; i++)
      expect((await forgot(ip, i % 2 ? ROOT : `NOBODY${i}`)).status).toBe(200);
    const known = await forgot(ip, ROOT);
    const unknown = await forgot(ip, 'NOBODY99');
    expect(known.status).toBe(428);
    expect(known.body).toEqual(REQUIRED_BODY);
    expect(unknown.body).toEqual(known.body);
    expect((await forgot(ip, 'NOBODY98', await solvedProofOfWork(t.app))).status).toBe(200);
    expect((await forgot('10.51.0.2', 'NOBODY97')).status).toBe(200);
  });
});

describe('spent challenges', () => {
  it('keeps each spent challenge until it ends, once', async () => {
    const db = t.ctx.database.db;
    const key = t.ctx.config.proofOfWork.key;
    const proof = await solvedProofOfWork(t.app);
    expect(await redeemProofOfWork(db, key, proof, t.clock.now())).toBe('ok');
    expect(await redeemProofOfWork(db, key, proof, t.clock.now())).toBe('invalid');
    expect(await redeemProofOfWork(db, key, undefined, t.clock.now())).toBe('missing');
    // Without a key (production without PROOF_OF_WORK_KEY) nothing is accepted.
    expect(await redeemProofOfWork(db, null, await solvedProofOfWork(t.app), t.clock.now())).toBe(
      'invalid',
    );
  });
});

describe('without a key', () => {
  it('gives no challenge and takes no proof (production without PROOF_OF_WORK_KEY), yet registers below the volume', async () => {
    const production = await createTestApp({
      database: t.ctx.database,
      env: {
        NODE_ENV: 'production',
        PROOF_OF_WORK_REGISTRATIONS: '1',
        PROOF_OF_WORK_SIGN_IN_FAILURES: '3',
      },
    });
    try {
      expect(production.ctx.config.proofOfWork.key).toBeNull();
      const challenge = await call(production.app, 'GET', 'auth/proof-of-work');
      expect(challenge.status).toBe(503);
      expect(challenge.body.error).toBe('UNAVAILABLE');
      const ip = '10.52.0.1';
      const first = { ...registration(ROOT) };
      expect((await call(production.app, 'POST', 'auth/register', first, { ip })).status).toBe(200);
      // A proof made under the development key does not count here.
      const elsewhere = await solvedProofOfWork(t.app);
      const second = { ...registration(ROOT), proofOfWork: elsewhere };
      expect((await call(production.app, 'POST', 'auth/register', second, { ip })).status).toBe(
        428,
      );
      // A sign-in is never refused for want of a proof that cannot be had: no lock-out.
      const signIn = (password: string) =>
        call(production.app, 'POST', 'auth/login', { loginId: first.email, password }, { ip });
      for (let i = 0; i < 4; i++) expect((await signIn('not the password')).status).toBe(401);
      expect((await signIn(first.password)).status).toBe(200);
    } finally {
      await production.close();
    }
  });
});
