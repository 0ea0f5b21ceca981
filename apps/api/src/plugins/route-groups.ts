import { OPERATOR_PERMISSION_NAMES, OPERATOR_PERMISSIONS } from '@app/contracts';
import type { FastifyPluginAsync, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import { authenticateMember, refuseReadOnlyWrites } from './member-auth.ts';
import { authenticateOperator } from './operator-auth.ts';

/** Who may call a route: anyone, a signed-in member, or a signed-in operator. */
export type RouteAccess = 'public' | 'member' | 'operator';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation merges only interfaces
  interface FastifyContextConfig {
    /** Written by the group that registered the route (the access test reads it). */
    access?: RouteAccess;
  }
}

const guards: Record<RouteAccess, onRequestAsyncHookHandler | null> = {
  public: null,
  member: authenticateMember,
  operator: authenticateOperator,
};

/**
 * An encapsulated plugin whose routes share one access rule. The group, not each route, checks
 * the session: its one onRequest hook runs before the body is parsed or validated (so a caller
 * without a valid session never gets a 422), and its onRoute hook writes the bearer security
 * entry into each route's OpenAPI schema. A route added to a group cannot forget either.
 */
export function routeGroup(
  access: RouteAccess,
  plugins: readonly FastifyPluginAsync[],
): FastifyPluginAsync {
  return async (group) => {
    group.addHook('onRoute', (route) => markRoute(route, access));
    const guard = guards[access];
    if (guard) group.addHook('onRequest', guard);
    // An operator's read-only session as a member passes the guard but may change nothing.
    if (access === 'member') group.addHook('onRequest', refuseReadOnlyWrites);
    for (const plugin of plugins) await group.register(plugin);
  };
}

function markRoute(route: RouteOptions, access: RouteAccess): void {
  const permission = route.config?.operatorPermission;
  // A permission outside the operator group would never be checked, and an operator route
  // without one would be refused to everyone at run time: both stop the start (and every test
  // that builds the app) instead.
  if (permission && access !== 'operator') {
    throw new Error(
      `${route.method} ${route.url}: operatorPermission on a route outside the operator group`,
    );
  }
  if (access === 'operator' && !permission) {
    throw new Error(
      `${route.method} ${route.url}: an operator route declares no operatorPermission`,
    );
  }
  if (permission && !OPERATOR_PERMISSION_NAMES.includes(permission)) {
    throw new Error(`${route.method} ${route.url}: unknown operatorPermission ${permission}`);
  }
  route.config = { ...route.config, access };
  if (access !== 'public') route.schema = { ...route.schema, security: [{ bearer: [] }] };
  // The documentation names the permission and its holders from the map, never a copied list.
  if (permission) {
    const needs = `Needs \`${permission}\` (${OPERATOR_PERMISSIONS[permission].join(', ')}).`;
    const description = route.schema?.description;
    route.schema = {
      ...route.schema,
      description: description ? `${description} ${needs}` : needs,
    };
  }
}
