import Fastify, { type FastifyContextConfig, type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { routeGroup, type RouteAccess } from './route-groups.ts';

let app: FastifyInstance | undefined;
afterEach(() => app?.close());

/** A bare server with one route, configured with `config`, registered in the `access` group. */
async function startWithRoute(
  access: RouteAccess,
  config: FastifyContextConfig,
): Promise<FastifyInstance> {
  app = Fastify();
  const report = async (group: FastifyInstance) => {
    group.get('/report', { config }, async () => 'report');
  };
  await app.register(routeGroup(access, [report]));
  await app.ready();
  return app;
}

describe('route groups', () => {
  it.each(['public', 'member'] as const)(
    'refuse to start with an operator permission on a %s route, where nothing would check it',
    async (access) => {
      await expect(startWithRoute(access, { operatorPermission: 'audit.read' })).rejects.toThrow(
        'GET /report: operatorPermission on a route outside the operator group',
      );
    },
  );

  it('refuse to start with an operator route that declares no permission (deny by default)', async () => {
    await expect(startWithRoute('operator', {})).rejects.toThrow(
      'GET /report: an operator route declares no operatorPermission',
    );
  });

  it('refuse to start with a permission the map does not know', async () => {
    const config = { operatorPermission: 'audit.delete' } as unknown as FastifyContextConfig;
    await expect(startWithRoute('operator', config)).rejects.toThrow(
      'GET /report: unknown operatorPermission audit.delete',
    );
  });

  it('accept an operator route that declares a permission', async () => {
    const started = await startWithRoute('operator', { operatorPermission: 'audit.read' });
    expect(started.hasRoute({ method: 'GET', url: '/report' })).toBe(true);
  });
});
