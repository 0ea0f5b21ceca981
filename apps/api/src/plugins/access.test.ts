import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { RouteOptions } from 'fastify';
import {
  OPERATOR_ROLE_REFUSED,
  OPERATORS_ONLY,
  SESSION_EXPIRED,
  type OperatorRole,
} from '@app/contracts';
import { createSession } from '../core/sessions/member-sessions.ts';
import { createOperatorSession } from '../core/sessions/operator-sessions.ts';
import { signInOperator } from '../testing/operators.ts';
import { call, type Call } from '../testing/requests.ts';
import { createRootMember, createTestApp, type TestApp } from '../testing/test-app.ts';
import type { RouteAccess } from './route-groups.ts';

// Every route the app registers is either on this explicit public list or in the member or the
// operator group; a new route that is neither fails here. The grouped ones are then called with
// no token, a made-up one, a member's and each operator role's.

const PUBLIC_ROUTES = [
  'GET /api/v1/health',
  'POST /api/v1/auth/register',
  'GET /api/v1/auth/get-refer',
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/otp-verify',
  'POST /api/v1/auth/forgot-password',
  'POST /api/v1/auth/reset-password',
  'POST /api/v1/operator/auth/login',
  'POST /api/v1/operator/auth/accept-invite',
  'POST /api/v1/payments/nowpayments/ipn',
  'GET /api/v1/market/icons/:file',
  'GET /metrics',
  'GET /api/docs/',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/static/*',
];

const EVERY_ROLE: OperatorRole[] = ['admin', 'finance', 'support'];
const MONEY_ROLES: OperatorRole[] = ['admin', 'finance'];
const ADMIN: OperatorRole[] = ['admin'];
const SUPPORT_ROLES: OperatorRole[] = ['admin', 'support'];
/**
 * The roles each operator route admits: money decisions for admin and finance, answering tickets
 * for admin and support, the rest admin.
 */
const OPERATOR_ROUTE_ROLES: Record<string, OperatorRole[]> = {
  'POST /api/v1/operator/auth/logout': EVERY_ROLE,
  'GET /api/v1/operator/auth/me': EVERY_ROLE,
  'GET /api/v1/operator/audit-log': ADMIN,
  'GET /api/v1/operator/audit-log.csv': ADMIN,
  'GET /api/v1/operator/dashboard': EVERY_ROLE,
  'GET /api/v1/operator/ledger/transfers': MONEY_ROLES,
  'GET /api/v1/operator/ledger/transfers.csv': MONEY_ROLES,
  'GET /api/v1/operator/ledger/transfers/:id': MONEY_ROLES,
  'GET /api/v1/operator/ledger/postings': MONEY_ROLES,
  'GET /api/v1/operator/reconciliation.csv': MONEY_ROLES,
  'GET /api/v1/operator/liabilities.csv': MONEY_ROLES,
  'GET /api/v1/operator/withdrawals': MONEY_ROLES,
  'POST /api/v1/operator/withdrawals/:id/pay': MONEY_ROLES,
  'POST /api/v1/operator/withdrawals/:id/reject': MONEY_ROLES,
  'GET /api/v1/operator/deposits': MONEY_ROLES,
  'POST /api/v1/operator/deposits/:id/confirm': MONEY_ROLES,
  'POST /api/v1/operator/deposits/:id/reject': MONEY_ROLES,
  'GET /api/v1/operator/deposits/:id': MONEY_ROLES,
  'GET /api/v1/operator/withdrawals/:id': MONEY_ROLES,
  'GET /api/v1/operator/adjustments': MONEY_ROLES,
  'POST /api/v1/operator/adjustments': MONEY_ROLES,
  'POST /api/v1/operator/adjustments/:id/approve': MONEY_ROLES,
  'POST /api/v1/operator/adjustments/:id/reject': MONEY_ROLES,
  'POST /api/v1/operator/jobs/compounding/run': ADMIN,
  'GET /api/v1/operator/packages': MONEY_ROLES,
  'POST /api/v1/operator/packages': ADMIN,
  'PATCH /api/v1/operator/packages/:id': ADMIN,
  'POST /api/v1/operator/packages/:id/retire': ADMIN,
  'GET /api/v1/operator/plan': MONEY_ROLES,
  'GET /api/v1/operator/plan/versions': MONEY_ROLES,
  'POST /api/v1/operator/plan/preview': MONEY_ROLES,
  'POST /api/v1/operator/plan': ADMIN,
  'GET /api/v1/operator/reconciliation': MONEY_ROLES,
  'GET /api/v1/operator/liabilities': MONEY_ROLES,
  'GET /api/v1/operator/tickets': EVERY_ROLE,
  'GET /api/v1/operator/tickets/:id': EVERY_ROLE,
  'POST /api/v1/operator/tickets/:id/answer': SUPPORT_ROLES,
  'POST /api/v1/operator/tickets/:id/close': SUPPORT_ROLES,
  'GET /api/v1/operator/notifications': EVERY_ROLE,
  'POST /api/v1/operator/notifications/read': EVERY_ROLE,
  'GET /api/v1/operator/operators': ADMIN,
  'POST /api/v1/operator/operators': ADMIN,
  'PATCH /api/v1/operator/operators/:id': ADMIN,
  'POST /api/v1/operator/operators/:id/resend-invite': ADMIN,
  'GET /api/v1/operator/members': EVERY_ROLE,
  'GET /api/v1/operator/members/:id': EVERY_ROLE,
  'GET /api/v1/operator/members/:id/packages': EVERY_ROLE,
  'GET /api/v1/operator/members/:id/ledger': MONEY_ROLES,
  'GET /api/v1/operator/members/:id/team': EVERY_ROLE,
  'POST /api/v1/operator/members/:id/block': SUPPORT_ROLES,
  'POST /api/v1/operator/members/:id/unblock': SUPPORT_ROLES,
  'POST /api/v1/operator/members/:id/resend-verification': SUPPORT_ROLES,
  'POST /api/v1/operator/members/:id/impersonate': SUPPORT_ROLES,
};

const UNAUTHORIZED = { status: 'error', message: SESSION_EXPIRED, error: 'UNAUTHORIZED' };
const MEMBERS_REFUSED = { status: 'error', message: OPERATORS_ONLY, error: 'FORBIDDEN' };
const ROLE_REFUSED = { status: 'error', message: OPERATOR_ROLE_REFUSED, error: 'FORBIDDEN' };

type Method = Parameters<typeof call>[1];
type AppRoute = { key: string; method: Method; url: string; access?: RouteAccess };

let t: TestApp;
const registered: RouteOptions[] = [];
let memberId: string;
const operatorIds = new Map<OperatorRole, string>();

beforeAll(async () => {
  t = await createTestApp({ onRoute: (route) => registered.push(route) });
  memberId = await createRootMember(t.ctx.database, 'ROOT2345');
  for (const role of EVERY_ROLE) {
    const token = await signInOperator(t, `${role}@ops.example.com`, role);
    const me = await call(t.app, 'GET', 'operator/auth/me', undefined, { token });
    operatorIds.set(role, me.body.data.id as string);
  }
});
afterAll(() => t.close());

/** Every route the app answers, once per method and path (a GET's HEAD goes with it). */
function appRoutes(): AppRoute[] {
  const routes = new Map<string, AppRoute>();
  for (const route of registered) {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const key = `${method} ${route.url}`;
      routes.set(key, {
        key,
        method: method as Method,
        url: route.url,
        access: route.config?.access,
      });
    }
  }
  return [...routes.values()];
}

const grouped = (access: RouteAccess) => appRoutes().filter((route) => route.access === access);

/** Fresh sessions for each call, so a sign-out route cannot end the next probe's session. */
const memberToken = () =>
  createSession(t.ctx.database.db, {
    memberId,
    now: t.clock.now(),
    ip: '127.0.0.1',
    userAgent: 'access',
  });
const operatorToken = (role: OperatorRole) =>
  createOperatorSession(t.ctx.database.db, {
    operatorId: operatorIds.get(role) ?? '',
    now: t.clock.now(),
    ip: '127.0.0.1',
    userAgent: 'access',
  });

/** Calls the route with an id nobody has and an empty body, as `token`'s holder. */
function probe(route: AppRoute, token?: string): Promise<Call> {
  const url = route.url.replace(/:[^/]+/g, crypto.randomUUID());
  const body = route.method === 'GET' ? undefined : {};
  return call(t.app, route.method, url, body, { token });
}

/** Routes answering with an endless event stream: an admitted probe reads the status and leaves. */
const STREAM_ROUTES = new Set(['GET /api/v1/market/stream']);

async function probeStream(route: AppRoute, token: string): Promise<Call> {
  if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const leave = new AbortController();
  const response = await fetch(`http://127.0.0.1:${port}${route.url}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: leave.signal,
  });
  leave.abort();
  return { status: response.status, body: {}, headers: {} };
}

/** Past the session check: whatever the route then says about the input or the state. */
const expectAdmitted = (response: Call, label: string) =>
  expect([401, 403], `${label}: ${JSON.stringify(response.body)}`).not.toContain(response.status);

describe('the route list', () => {
  it('puts every route on the public list or in the member or operator group', () => {
    const routes = appRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const known = new Set(routes.map((route) => route.key));
    for (const key of PUBLIC_ROUTES) expect(known.has(key), `${key} is not a route`).toBe(true);
    for (const route of routes) {
      if (PUBLIC_ROUTES.includes(route.key)) {
        expect(['public', undefined], route.key).toContain(route.access);
      } else {
        expect(['member', 'operator'], `${route.key} is neither public nor grouped`).toContain(
          route.access,
        );
      }
    }
    expect(
      grouped('operator')
        .map((route) => route.key)
        .sort(),
    ).toEqual(Object.keys(OPERATOR_ROUTE_ROLES).sort());
  });

  it('documents the bearer session on exactly the grouped routes', () => {
    const { paths } = t.app.swagger() as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    const access = new Map(appRoutes().map((route) => [route.key, route.access]));
    let documented = 0;
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const key = `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`;
        const isGrouped = ['member', 'operator'].includes(access.get(key) ?? 'none');
        expect(operation.security, key).toEqual(isGrouped ? [{ bearer: [] }] : undefined);
        documented += 1;
      }
    }
    expect(documented).toBeGreaterThan(45);
  });
});

describe('every grouped route', () => {
  it('answers the one 401 without a token or with a made-up one', async () => {
    for (const route of [...grouped('member'), ...grouped('operator')]) {
      for (const token of [undefined, 'x'.repeat(43)]) {
        const response = await probe(route, token);
        expect(response.status, route.key).toBe(401);
        expect(response.body, route.key).toEqual(UNAUTHORIZED);
      }
    }
  });

  it('member routes: admit a member token, answer 401 to every operator token', async () => {
    for (const route of grouped('member')) {
      const token = await memberToken();
      const admitted = STREAM_ROUTES.has(route.key)
        ? probeStream(route, token)
        : probe(route, token);
      expectAdmitted(await admitted, route.key);
      for (const role of EVERY_ROLE) {
        const response = await probe(route, await operatorToken(role));
        expect(response.status, `${route.key} as ${role}`).toBe(401);
        expect(response.body, `${route.key} as ${role}`).toEqual(UNAUTHORIZED);
      }
    }
  });

  it('operator routes: answer 403 to a member token, admit exactly the roles listed', async () => {
    for (const route of grouped('operator')) {
      const asMember = await probe(route, await memberToken());
      expect(asMember.status, route.key).toBe(403);
      expect(asMember.body, route.key).toEqual(MEMBERS_REFUSED);
      for (const role of EVERY_ROLE) {
        const response = await probe(route, await operatorToken(role));
        const label = `${route.key} as ${role}`;
        if (OPERATOR_ROUTE_ROLES[route.key]?.includes(role)) expectAdmitted(response, label);
        else expect(response.body, label).toEqual(ROLE_REFUSED);
      }
    }
  });
});

describe('sessions', () => {
  it('checks the session before the body: a bad body without a session is a 401, not a 422', async () => {
    const response = await call(t.app, 'POST', 'package/buy-package', { amount: 'lots' });
    expect(response.status).toBe(401);
    const operator = await call(t.app, 'POST', 'operator/packages', { name: 1 });
    expect(operator.status).toBe(401);
  });

  it('keeps the two kinds apart: a member token still works where an operator token does not', async () => {
    const token = await memberToken();
    const balance = await call(t.app, 'GET', 'auth/wallet-balance', undefined, { token });
    expect(balance.status).toBe(200);
    const me = await call(t.app, 'GET', 'operator/auth/me', undefined, { token });
    expect(me.body).toEqual(MEMBERS_REFUSED);
  });
});
