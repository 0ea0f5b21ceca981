import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { routeGroup, type RouteAccess } from './route-groups.ts';

let app: FastifyInstance | undefined;
afterEach(() => app?.close());

/** A bare server with one route, declared admin-only, registered in the `access` group. */
async function startWithAdminRoute(access: RouteAccess): Promise<FastifyInstance> {
  app = Fastify();
  const adminRoute = async (group: FastifyInstance) => {
    group.get('/report', { config: { operatorRoles: ['admin'] } }, async () => 'report');
  };
  await app.register(routeGroup(access, [adminRoute]));
  await app.ready();
  return app;
}

describe('route groups', () => {
  it.each(['public', 'member'] as const)(
    'refuse to start with operator roles on a %s route, where nothing would check them',
    async (access) => {
      await expect(startWithAdminRoute(access)).rejects.toThrow(
        'GET /report: operatorRoles on a route outside the operator group',
      );
    },
  );

  it('accept operator roles in the operator group', async () => {
    const started = await startWithAdminRoute('operator');
    expect(started.hasRoute({ method: 'GET', url: '/report' })).toBe(true);
  });
});
