/**
 * What an API key may do: scopes. Each route names the scope it needs in the
 * route list (`players:read`, `economy:admin`, ...), so the scopes that exist
 * are the ones the routes name, plus `admin`, which holds every one of them.
 * A logged-in player and the service token are not limited by scopes: the
 * route's access level says what they may do.
 */

/** The scope that holds every other. */
export const allScopes = 'admin';

/**
 * Personal data (addresses, positions, e-mail): a key sees the fields a route
 * names as personal only when it holds this scope beside the route's own.
 * It opens no route by itself.
 */
export const personalScope = 'personal:read';

/** `<group>:<level>`, lower case: the group a route belongs to and what it does there. */
const scopePattern = /^[a-z][a-z-]*:(read|write|admin)$/;

export function isScopeName(scope: string): boolean {
  return scope === allScopes || scopePattern.test(scope);
}

/** Whether a key holding `held` may call a route that needs `needed`. */
export function grants(held: readonly string[], needed: string): boolean {
  return held.includes(allScopes) || held.includes(needed);
}

/** The group part of a scope (`players` of `players:read`), which is also the route's tag in the OpenAPI document. */
export function groupOf(scope: string): string {
  return scope.split(':')[0]!;
}
