/**
 * The logged-in player, kept in sessionStorage: it survives a reload of the
 * tab but not the closing of the browser, and no other site can read it.
 * The token's own expiry is read from it, so an expired session sends the
 * player to the login page before a request fails.
 */
export interface Session {
  token: string;
  username: string;
  gameUsername: string;
  isAdmin: boolean;
  /** When the token stops working (ms since the epoch). */
  expiresAt: number;
  /** An admin whom the owner requires to set up a second factor first: the console shows only the page that sets one up. */
  heldAtSetUp?: boolean;
}

const storageKey = 'gatehouse.session';
const listeners = new Set<() => void>();

export function currentSession(): Session | undefined {
  const stored = sessionStorage.getItem(storageKey);
  if (!stored) return undefined;
  try {
    const session = JSON.parse(stored) as Session;
    return typeof session.token === 'string' ? session : undefined;
  } catch {
    return undefined;
  }
}

export function isExpired(session: Session, now = Date.now()): boolean {
  return session.expiresAt <= now;
}

export function startSession(login: { token: string; username: string; gameUsername: string; isAdmin: boolean }): Session {
  const session: Session = { ...login, expiresAt: tokenExpiry(login.token) };
  sessionStorage.setItem(storageKey, JSON.stringify(session));
  notify();
  return session;
}

/** Changes what the session knows (an admin's hold lifted once a factor is set up). */
export function updateSession(change: Partial<Pick<Session, 'heldAtSetUp'>>): void {
  const session = currentSession();
  if (!session) return;
  sessionStorage.setItem(storageKey, JSON.stringify({ ...session, ...change }));
  notify();
}

export function endSession(): void {
  sessionStorage.removeItem(storageKey);
  notify();
}

/** Called whenever the session starts or ends. */
export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** The `exp` claim of a JWT, in ms; a day from now when it cannot be read (the server still decides). */
function tokenExpiry(token: string): number {
  try {
    const payload = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    if (typeof claims.exp === 'number') return claims.exp * 1000;
  } catch {
    // not a JWT we can read
  }
  return Date.now() + 24 * 3600_000;
}
