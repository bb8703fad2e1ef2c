/**
 * The scopes of this API, read off the route list: each scope with the
 * operations it opens, so the key-management answers, the router's checks
 * and the OpenAPI document say the same thing.
 */
import type { Route } from '../../http/route.js';
import { allScopes } from '../../http/scopes.js';

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

export function scopesOf(routes: readonly Route[]): ScopeDescription[] {
  const byScope = new Map<string, string[]>();
  for (const route of routes) {
    if (route.scope === undefined) continue;
    const operations = byScope.get(route.scope) ?? [];
    operations.push(`${route.method} ${route.path}`);
    byScope.set(route.scope, operations);
  }
  const scopes = [...byScope.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([scope, operations]) => {
      const [group, level] = scope.split(':') as [string, string];
      return { scope, description: `${levelWords[level]}: ${group}`, operations };
    });
  return [{ scope: allScopes, description: 'Every scope below, now and to come', operations: scopes.flatMap((scope) => scope.operations) }, ...scopes];
}
