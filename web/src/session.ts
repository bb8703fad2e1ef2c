/**
 * The logged-in player, kept in this page's memory only: no other page's
 * script and nothing on the disk holds the token. The session itself lives
 * in the refresh cookie the login set (HttpOnly: no script reads it, this
 * one included), so a new tab or a reload gets a fresh token with it
 * (api.ts, renewSession), and so does a token that expires. The page can
 * tell only that a session is there to resume: the `gatehouse_signed_in`
 * cookie beside it.
 */
export interface Session {
  token: string;
  username: string;
  gameUsername: string;
  isAdmin: boolean;
  /** When the token stops working (ms since the epoch): the page then gets a new one. */
  expiresAt: number;
  /** An admin whom the owner requires to set up a second factor first: the console shows only the page that sets one up. */
  heldAtSetUp?: boolean;
}

let session: Session | undefined;
const listeners = new Set<() => void>();

export function currentSession(): Session | undefined {
  return session;
}

export function startSession(login: { token: string; username: string; gameUsername: string; isAdmin: boolean; expiresAt: string }): Session {
  session = { token: login.token, username: login.username, gameUsername: login.gameUsername, isAdmin: login.isAdmin, expiresAt: Date.parse(login.expiresAt) };
  notify();
  return session;
}

/** Changes what the session knows (an admin's hold lifted once a factor is set up). */
export function updateSession(change: Partial<Pick<Session, 'heldAtSetUp'>>): void {
  if (!session) return;
  session = { ...session, ...change };
  notify();
}

export function endSession(): void {
  if (!session) return;
  session = undefined;
  notify();
}

/** Whether this browser holds a session to resume (the refresh cookie's companion, which the server sets and removes with it). */
export function hasSessionCookie(): boolean {
  return document.cookie.split(';').some((pair) => pair.trim() === 'gatehouse_signed_in=1');
}

/** Called whenever the session starts, is renewed or ends. */
export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const listener of listeners) listener();
}
