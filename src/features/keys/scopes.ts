/**
 * The scopes of this API, read off the route list: each scope with the
 * operations it opens, so the key-management answers, the router's checks
 * and the OpenAPI document say the same thing.
 */
import type { Route } from '../../http/route.js';
import { allScopes, personalScope } from '../../http/scopes.js';

export interface ScopeDescription {
  scope: string;
  description: string;
  operations: string[];
}

const levelWords: Record<string, string> = {
  read: 'Read',
  write: 'Change',
  admin: 'Administer (beyond change: money, reversals)',
};

/** Scopes whose words are not `<level>: <group>`. */
const ownWords: Record<string, string> = {
  [personalScope]: 'Personal data (addresses, positions, e-mail) in the answers another scope opens',
};

export function scopesOf(routes: readonly Route[]): ScopeDescription[] {
  const byScope = new Map<string, string[]>();
  const add = (scope: string, route: Route) => {
    const operations = byScope.get(scope) ?? [];
    operations.push(`${route.method} ${route.path}`);
    byScope.set(scope, operations);
  };
  for (const route of routes) {
    if (route.scope !== undefined) add(route.scope, route);
    if (route.personal !== undefined || route.personalAnswer) add(personalScope, route);
  }
  const scopes = [...byScope.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([scope, operations]) => {
      const [group, level] = scope.split(':') as [string, string];
      return { scope, description: ownWords[scope] ?? `${levelWords[level]}: ${group}`, operations };
    });
  return [{ scope: allScopes, description: 'Every scope below, now and to come', operations: [...new Set(scopes.flatMap((scope) => scope.operations))] }, ...scopes];
}
