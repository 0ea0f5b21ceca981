import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_ROLE_REFUSED, OPERATORS_ONLY, SESSION_EXPIRED } from '@app/contracts';
import { call } from '../../testing/requests.ts';
import {
  createRootMember,
  createTestApp,
  ROOT_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import { signInOperator } from '../../testing/operators.ts';

let t: TestApp;
let memberToken: string;
let adminToken: string;
let financeToken: string;
let supportToken: string;
const UNAUTHORIZED_BODY = { status: 'error', message: SESSION_EXPIRED, error: 'UNAUTHORIZED' };

beforeAll(async () => {
  t = await createTestApp();
  await createRootMember(t.ctx.database, 'ROOT2345');
  const login = await call(t.app, 'POST', 'auth/login', {
    loginId: 'ROOT2345',
    password: ROOT_PASSWORD,
  });
  memberToken = login.body.data.access_token as string;
  adminToken = await signInOperator(t, 'admin@ops.example.com', 'admin');
  financeToken = await signInOperator(t, 'finance@ops.example.com', 'finance');
  supportToken = await signInOperator(t, 'support@ops.example.com', 'support');
});
afterAll(() => t.close());

type Endpoint = { method: 'GET' | 'POST' | 'PUT' | 'PATCH'; path: string; secured: boolean };
type OpenApiOperation = { security?: unknown[] };

/** Every endpoint in the OpenAPI document, path parameters filled with an id nobody has. */
function documentedEndpoints(): Endpoint[] {
  const { paths } = t.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => ['get', 'post', 'put', 'patch'].includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase() as Endpoint['method'],
        path: path.replace(/^\/api\/v1\//, '').replace(/\{[^}]+\}/g, crypto.randomUUID()),
        secured: (operation.security?.length ?? 0) > 0,
      })),
  );
}

describe('operator routes and member tokens', () => {
  it('answers 401 without a token or with a made-up one', async () => {
    for (const token of [undefined, 'x'.repeat(43)]) {
      const response = await call(t.app, 'GET', 'operator/auth/me', undefined, { token });
      expect(response.status).toBe(401);
      expect(response.body).toEqual(UNAUTHORIZED_BODY);
    }
  });

  it('answers 403 to a valid member token', async () => {
    for (const [method, url] of [
      ['GET', 'operator/auth/me'],
      ['POST', 'operator/auth/logout'],
      ['GET', 'operator/audit-log'],
    ] as const) {
      const response = await call(t.app, method, url, undefined, { token: memberToken });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        status: 'error',
        message: OPERATORS_ONLY,
        error: 'FORBIDDEN',
      });
    }
  });

  it('answers 403 to a member token on every operator endpoint the API documents', async () => {
    const endpoints = documentedEndpoints().filter(
      ({ path }) => path.startsWith('operator/') && path !== 'operator/auth/login',
    );
    expect(endpoints.length).toBeGreaterThan(10);
    for (const { method, path } of endpoints) {
      const response = await call(t.app, method, path, {}, { token: memberToken });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
  });

  it('answers 401 to an operator token on every member endpoint that needs a session', async () => {
    const endpoints = documentedEndpoints().filter(
      ({ path, secured }) => secured && !path.startsWith('operator/'),
    );
    expect(endpoints.length).toBeGreaterThan(25);
    for (const { method, path } of endpoints) {
      const response = await call(t.app, method, path, {}, { token: adminToken });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it('answers 401 to an operator token on member paths', async () => {
    for (const url of ['auth/wallet-balance', 'auth/me']) {
      const response = await call(t.app, 'GET', url, undefined, { token: adminToken });
      expect(response.status).toBe(401);
      expect(response.body).toEqual(UNAUTHORIZED_BODY);
    }
    // The member token still works there: the two kinds of session are apart.
    const balance = await call(t.app, 'GET', 'auth/wallet-balance', undefined, {
      token: memberToken,
    });
    expect(balance.status).toBe(200);
  });
});

describe('roles', () => {
  it('lets every role read its own operator', async () => {
    for (const [token, role] of [
      [adminToken, 'admin'],
      [financeToken, 'finance'],
      [supportToken, 'support'],
    ] as const) {
      const me = await call(t.app, 'GET', 'operator/auth/me', undefined, { token });
      expect(me.body.data.role).toBe(role);
    }
  });

  it('keeps the audit log to admins: support and finance answer 403', async () => {
    for (const token of [supportToken, financeToken]) {
      const response = await call(t.app, 'GET', 'operator/audit-log', undefined, { token });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        status: 'error',
        message: OPERATOR_ROLE_REFUSED,
        error: 'FORBIDDEN',
      });
    }
    const admin = await call(t.app, 'GET', 'operator/audit-log', undefined, { token: adminToken });
    expect(admin.status).toBe(200);
  });
});
