import { type INestApplication, RequestMethod } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { PATH_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import { ACCESS_POLICY, AccessPolicy, SITE_ROOT_ROUTES } from '@solvr/server-core';

export interface RegisteredRoute {
  /** 'GET /api/files/:id', the key of the policy tables. */
  route: string;
  /** 'public', 'signed-in' or 'role:admin'. */
  policy: string;
  /** Marked @NoStore: its answers carry Cache-Control: no-store. */
  noStore: boolean;
}

/** Every registered route and its declared access policy, read from the controllers' metadata; sorted by route. */
export function registeredRoutes(app: INestApplication): RegisteredRoute[] {
  const reflector = app.get(Reflector);
  const scanner = app.get(MetadataScanner);
  const routes: RegisteredRoute[] = [];
  for (const wrapper of app.get(DiscoveryService).getControllers()) {
    const { instance, metatype } = wrapper;
    if (!instance || !metatype) continue;
    const base = reflector.get<string>(PATH_METADATA, metatype);
    for (const name of scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
      const handler = instance[name];
      const path = reflector.get<string>(PATH_METADATA, handler);
      if (path === undefined) continue;
      const method = RequestMethod[reflector.get<RequestMethod>(METHOD_METADATA, handler)];
      const policy = reflector.getAllAndOverride<AccessPolicy>(ACCESS_POLICY, [handler, metatype]) ?? { kind: 'signed-in' };
      const who = policy.kind === 'role' ? `role:${policy.role}` : policy.kind;
      const route = [base, path].filter((p) => p && p !== '/').join('/').replace(/\/+/g, '/');
      const noStore = !!reflector.get<{ noStore?: boolean } | undefined>(FASTIFY_ROUTE_CONFIG_METADATA, handler)?.noStore;
      routes.push({ route: `${method} ${SITE_ROOT_ROUTES.includes(route) ? '' : '/api'}/${route}`, policy: who, noStore });
    }
  }
  return routes.sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
}
