import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { RouteOptions } from 'fastify';
import {
  can,
  OPERATOR_PERMISSION_NAMES,
  OPERATOR_ROLE_REFUSED,
  OPERATOR_ROLES,
  OPERATORS_ONLY,
  SESSION_EXPIRED,
  type OperatorPermission,
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
  'GET /api/v1/auth/proof-of-work',
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/login/second-factor',
  'POST /api/v1/auth/login/second-factor/passkey-options',
  'POST /api/v1/auth/login/second-factor/passkey',
  'POST /api/v1/auth/passkey-sign-in/options',
  'POST /api/v1/auth/passkey-sign-in',
  'POST /api/v1/auth/otp-verify',
  'POST /api/v1/auth/forgot-password',
  'POST /api/v1/auth/reset-password',
  'POST /api/v1/operator/auth/login',
  'POST /api/v1/operator/auth/login/second-factor',
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

/**
 * The permission each operator route declares. Which roles hold it comes from the contracts'
 * map (OPERATOR_PERMISSIONS), which the server and the console read too; this list pins each
 * route to its permission, so a route that changes permission or is added fails here.
 */
const OPERATOR_ROUTE_PERMISSIONS: Record<string, OperatorPermission> = {
  'POST /api/v1/operator/auth/logout': 'console.use',
  'GET /api/v1/operator/auth/me': 'console.use',
  'GET /api/v1/operator/auth/second-factor': 'console.use',
  'POST /api/v1/operator/auth/second-factor/totp/setup': 'console.use',
  'POST /api/v1/operator/auth/second-factor/totp/confirm': 'console.use',
  'POST /api/v1/operator/auth/second-factor/recovery-codes': 'console.use',
  'POST /api/v1/operator/auth/second-factor/verify': 'console.use',
  'POST /api/v1/operator/operators/:id/second-factor/reset': 'operators.reset-second-factor',
  'GET /api/v1/operator/audit-log': 'audit.read',
  'GET /api/v1/operator/audit-log.csv': 'audit.read',
  'GET /api/v1/operator/dashboard': 'console.use',
  'GET /api/v1/operator/ledger/transfers': 'money.read',
  'GET /api/v1/operator/ledger/transfers.csv': 'money.read',
  'GET /api/v1/operator/ledger/transfers/:id': 'money.read',
  'GET /api/v1/operator/ledger/postings': 'money.read',
  'GET /api/v1/operator/reconciliation.csv': 'money.read',
  'GET /api/v1/operator/liabilities.csv': 'money.read',
  'GET /api/v1/operator/withdrawals': 'money.read',
  'POST /api/v1/operator/withdrawals/:id/pay': 'money.decide',
  'POST /api/v1/operator/withdrawals/:id/reject': 'money.decide',
  'GET /api/v1/operator/deposits': 'money.read',
  'GET /api/v1/operator/settings/security': 'settings.manage',
  'PUT /api/v1/operator/settings/security': 'settings.manage',
  'GET /api/v1/operator/settings/verification': 'verification.configure',
  'PUT /api/v1/operator/settings/verification': 'verification.configure',
  'GET /api/v1/operator/verification': 'verification.read',
  'GET /api/v1/operator/verification/:id': 'verification.read',
  'GET /api/v1/operator/verification/:id/documents/:documentId': 'verification.review',
  'POST /api/v1/operator/verification/:id/decide': 'verification.review',
  'GET /api/v1/operator/verification-requirements': 'verification.read',
  'PUT /api/v1/operator/verification-requirements': 'verification.configure',
  'GET /api/v1/operator/settings/proof-of-work': 'settings.manage',
  'PUT /api/v1/operator/settings/proof-of-work': 'settings.manage',
  'GET /api/v1/operator/settings/retention': 'settings.manage',
  'PUT /api/v1/operator/settings/retention': 'settings.manage',
  'GET /api/v1/operator/members/:id/sign-in-history': 'members.read',
  'GET /api/v1/operator/members/:id/second-factor': 'members.read',
  'GET /api/v1/operator/members/:id/passkeys': 'members.read',
  'POST /api/v1/operator/members/:id/second-factor/reset': 'members.reset-second-factor',
  'POST /api/v1/operator/deposits/:id/confirm': 'money.decide',
  'POST /api/v1/operator/deposits/:id/reject': 'money.decide',
  'GET /api/v1/operator/deposits/:id': 'money.read',
  'GET /api/v1/operator/withdrawals/:id': 'money.read',
  'GET /api/v1/operator/withdrawals/:id/payout-checks': 'money.read',
  'GET /api/v1/operator/work-waiting': 'console.use',
  'GET /api/v1/operator/adjustments': 'money.read',
  'POST /api/v1/operator/adjustments': 'money.decide',
  'POST /api/v1/operator/adjustments/:id/approve': 'money.decide',
  'POST /api/v1/operator/adjustments/:id/reject': 'money.decide',
  'POST /api/v1/operator/jobs/compounding/run': 'jobs.run',
  'GET /api/v1/operator/packages': 'plan.read',
  'POST /api/v1/operator/packages': 'packages.manage',
  'PATCH /api/v1/operator/packages/:id': 'packages.manage',
  'POST /api/v1/operator/packages/:id/retire': 'packages.manage',
  'GET /api/v1/operator/plan': 'plan.read',
  'GET /api/v1/operator/plan/versions': 'plan.read',
  'POST /api/v1/operator/plan/preview': 'plan.read',
  'POST /api/v1/operator/plan': 'plan.publish',
  'GET /api/v1/operator/reconciliation': 'money.read',
  'GET /api/v1/operator/liabilities': 'money.read',
  'GET /api/v1/operator/tickets': 'tickets.read',
  'GET /api/v1/operator/tickets/:id': 'tickets.read',
  'POST /api/v1/operator/tickets/:id/answer': 'tickets.answer',
  'POST /api/v1/operator/tickets/:id/close': 'tickets.answer',
  'GET /api/v1/operator/tickets/assignees': 'tickets.assign',
  'POST /api/v1/operator/tickets/:id/assign': 'tickets.assign',
  'POST /api/v1/operator/tickets/:id/notes': 'tickets.notes',
  'GET /api/v1/operator/tickets/canned-replies': 'tickets.answer',
  'POST /api/v1/operator/tickets/canned-replies': 'tickets.canned-replies',
  'PATCH /api/v1/operator/tickets/canned-replies/:id': 'tickets.canned-replies',
  'DELETE /api/v1/operator/tickets/canned-replies/:id': 'tickets.canned-replies',
  'POST /api/v1/operator/tickets/:id/attachments': 'tickets.answer',
  'GET /api/v1/operator/tickets/attachments/:id': 'tickets.read',
  'GET /api/v1/operator/notifications': 'console.use',
  'POST /api/v1/operator/notifications/read': 'console.use',
  'GET /api/v1/operator/operators': 'operators.manage',
  'POST /api/v1/operator/operators': 'operators.manage',
  'PATCH /api/v1/operator/operators/:id': 'operators.manage',
  'POST /api/v1/operator/operators/:id/resend-invite': 'operators.manage',
  'GET /api/v1/operator/members': 'members.read',
  'GET /api/v1/operator/members/:id': 'members.read',
  'GET /api/v1/operator/members/:id/packages': 'members.read',
  'GET /api/v1/operator/members/:id/ledger': 'money.read',
  'GET /api/v1/operator/members/:id/team': 'members.read',
  'POST /api/v1/operator/members/:id/block': 'members.act',
  'POST /api/v1/operator/members/:id/unblock': 'members.act',
  'POST /api/v1/operator/members/:id/resend-verification': 'members.act',
  'POST /api/v1/operator/members/:id/impersonate': 'members.act',
  'PATCH /api/v1/operator/members/:id/details': 'members.edit-details',
  'GET /api/v1/operator/members/:id/notes': 'members.read',
  'POST /api/v1/operator/members/:id/notes': 'members.notes',
  'GET /api/v1/operator/members/:id/sessions': 'members.read',
  'DELETE /api/v1/operator/members/:id/sessions/:sessionId': 'members.act',
  'POST /api/v1/operator/members/:id/sessions/end-all': 'members.act',
  'GET /api/v1/operator/members/:id/closure': 'members.read',
  'POST /api/v1/operator/members/:id/closure/confirm': 'members.close',
  'POST /api/v1/operator/members/:id/closure/refuse': 'members.close',
};

const UNAUTHORIZED = { status: 'error', message: SESSION_EXPIRED, error: 'UNAUTHORIZED' };
const MEMBERS_REFUSED = { status: 'error', message: OPERATORS_ONLY, error: 'FORBIDDEN' };
const ROLE_REFUSED = { status: 'error', message: OPERATOR_ROLE_REFUSED, error: 'FORBIDDEN' };

type Method = Parameters<typeof call>[1];
type AppRoute = {
  key: string;
  method: Method;
  url: string;
  access?: RouteAccess;
  permission?: OperatorPermission;
};

let t: TestApp;
const registered: RouteOptions[] = [];
let memberId: string;
const operatorIds = new Map<OperatorRole, string>();

beforeAll(async () => {
  t = await createTestApp({ onRoute: (route) => registered.push(route) });
  memberId = await createRootMember(t.ctx.database, 'ROOT2345');
  for (const role of OPERATOR_ROLES) {
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
        permission: route.config?.operatorPermission,
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
    ).toEqual(Object.keys(OPERATOR_ROUTE_PERMISSIONS).sort());
  });

  it('uses every permission of the map on some operator route', () => {
    const declared = new Set(grouped('operator').map((route) => route.permission));
    for (const permission of OPERATOR_PERMISSION_NAMES) {
      expect(declared.has(permission), `${permission} guards no route`).toBe(true);
    }
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
      for (const role of OPERATOR_ROLES) {
        const response = await probe(route, await operatorToken(role));
        expect(response.status, `${route.key} as ${role}`).toBe(401);
        expect(response.body, `${route.key} as ${role}`).toEqual(UNAUTHORIZED);
      }
    }
  });

  it('operator routes: answer 403 to a member token, admit exactly the permission holders', async () => {
    for (const route of grouped('operator')) {
      const permission = OPERATOR_ROUTE_PERMISSIONS[route.key];
      expect(route.permission, route.key).toBe(permission);
      const asMember = await probe(route, await memberToken());
      expect(asMember.status, route.key).toBe(403);
      expect(asMember.body, route.key).toEqual(MEMBERS_REFUSED);
      for (const role of OPERATOR_ROLES) {
        const response = await probe(route, await operatorToken(role));
        const label = `${route.key} as ${role}`;
        if (permission && can(role, permission)) expectAdmitted(response, label);
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
