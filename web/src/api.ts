/**
 * The portal's way to the API: the project's typed client (every path,
 * query, body and answer checked against the OpenAPI document), with the
 * session's token, and every failure turned into a Problem a person can act
 * on. A token that expired, or that the server no longer takes, is renewed
 * with the session's refresh cookie and the request sent again, once; a
 * session that has ended ends here, and the player is sent to the login page
 * with a sentence saying why.
 */
import { gatehouseClient, type Result } from '../../client/gatehouse-client.js';
import { waitInWords } from './parts/format.js';
import { Problem } from './parts/problem.js';
import { navigate } from './router.js';
import { currentSession, endSession, hasSessionCookie, startSession, updateSession } from './session.js';

/** The session's own requests: the refresh carries the cookie, never a token. */
const sessionApi = gatehouseClient(location.origin);

export type Renewal = 'renewed' | 'ended' | 'unreachable';
let renewing: Promise<Renewal> | undefined;
/** What the last renewal came to: the login page says a session ended rather than that one is needed. */
let lastRenewal: Renewal | undefined;

/**
 * A new token from the refresh cookie (which the server then replaces), one
 * renewal at a time for the whole page: a page's requests that all find
 * their token expired wait for the same one.
 */
export function renewSession(): Promise<Renewal> {
  renewing ??= (async (): Promise<Renewal> => {
    try {
      const before = currentSession();
      const answer = await sessionApi.request('post', '/api/auth/session/refresh');
      if (answer.ok) {
        startSession(answer.data);
        // An admin held at the second factor's set-up stays held through a new token.
        if (before?.heldAtSetUp && before.username === answer.data.username) updateSession({ heldAtSetUp: true });
        return 'renewed';
      }
      if (answer.status === 401) {
        endSession();
        return 'ended';
      }
      return 'unreachable';
    } catch {
      return 'unreachable';
    }
  })().then((renewal) => {
    renewing = undefined;
    lastRenewal = renewal;
    return renewal;
  });
  return renewing;
}

/** The session this browser holds, at the page's start: a new tab or a reload stays logged in. */
export async function resumeSession(): Promise<void> {
  if (!hasSessionCookie() || currentSession() || (await renewSession()) !== 'renewed') return;
  // An admin whom the owner requires to have a second factor, and who has none, is held at its set-up (as at the login).
  if (!currentSession()?.isAdmin) return;
  const factors = await api.request('get', '/api/auth/factors').catch(() => undefined);
  if (factors?.ok && factors.data.heldAtSetUp) updateSession({ heldAtSetUp: true });
}

/** A refusal of the token itself: expired (403), or no longer taken (401: its session ended here or elsewhere, or another login replaced this browser's). */
async function tokenRefused(response: Response): Promise<boolean> {
  if (response.status !== 401 && response.status !== 403) return false;
  const code = ((await response.clone().json()) as { code?: unknown } | null)?.code;
  return code === 'token_expired' || code === 'session_ended' || code === 'invalid_token';
}

/**
 * fetch, renewing the token when the server refuses it and sending the
 * request once more with the new one. Only as the same player: when the
 * browser's session is now another account's (logged in from another tab),
 * nothing is sent as that account on this page's behalf; the page starts
 * again as it.
 */
export async function fetchRenewing(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(input, init);
  const headers = (init.headers ?? {}) as Record<string, string>;
  const before = currentSession();
  if (!headers.authorization || !before || !(await tokenRefused(response).catch(() => false))) return response;
  if ((await renewSession()) !== 'renewed') return response;
  const after = currentSession()!;
  if (after.username !== before.username) {
    location.assign('/account');
    return response;
  }
  return fetch(input, { ...init, headers: { ...headers, authorization: `Bearer ${after.token}` } });
}

export const api = gatehouseClient(
  location.origin,
  {
    get token() {
      return currentSession()?.token;
    },
  },
  fetchRenewing,
);

/** Why the login page is shown, when it was not the player's choice. */
export type LoginReason = 'ended' | 'signed-out' | 'needed';

/** Why a page that needs a login has none: a session that ended (its renewal refused), or none at all. */
export function missingSessionReason(): LoginReason {
  return lastRenewal === 'ended' ? 'ended' : 'needed';
}

/**
 * Ends the session and goes to the login page, coming back to this page
 * after. Sent there twice (the token's own end and a refused request at
 * once), the login page keeps the page it was sent from.
 */
export function sendToLogin(reason: LoginReason): void {
  endSession();
  const back = location.pathname.startsWith('/login') ? new URLSearchParams(location.search).get('next') : location.pathname + location.search;
  navigate(`/login?reason=${reason}${back ? `&next=${encodeURIComponent(back)}` : ''}`, { replace: true });
}

/**
 * The answer's data, or a thrown Problem. `request` is the typed client's
 * call; a network failure becomes a Problem too.
 */
export async function data<T>(request: Promise<Result<T>>): Promise<Extract<Result<T>, { ok: true }>['data']> {
  let result: Result<T>;
  try {
    result = await request;
  } catch {
    throw new Problem(0, 'unreachable', 'Gatehouse cannot be reached. Check your connection, then try again.');
  }
  if (result.ok) return result.data;
  throw problemOf(result.status, result.headers, result.error);
}

function problemOf(status: number, headers: Headers, error: unknown): Problem {
  const answer = (typeof error === 'object' && error !== null ? error : {}) as { error?: string; code?: string; field?: string; refused?: Array<{ item: string; reason: string }> };
  const code = answer.code ?? 'unknown';
  const said = typeof answer.error === 'string' ? answer.error : '';
  // A wrong password is a 401 too, of the login itself: it says nothing of the session there may be, and stays on its page.
  if (code === 'invalid_credentials') return new Problem(status, code, said || 'Wrong username or password.', answer.field);
  if (code === 'invalid_second_factor' || code === 'invalid_ticket' || code === 'invalid_passkey' || code === 'invalid_challenge') {
    return new Problem(status, code, said || 'That did not prove it is you. Try again.', answer.field);
  }
  // An admin whom the owner's rule (turned on since the login) holds: the console becomes the page that sets up a factor.
  if (code === 'second_factor_required' && currentSession()) updateSession({ heldAtSetUp: true });
  if (status === 401 || code === 'token_expired') {
    // fetchRenewing tried the refresh cookie already: the session is over.
    if (currentSession()) sendToLogin(code === 'session_ended' || code === 'token_expired' ? 'ended' : 'signed-out');
    return new Problem(status, code, said || 'You need to log in again.');
  }
  if (status === 403) return new Problem(status, code, `Not allowed: ${said || 'your account may not do this.'}`);
  if (status === 429) {
    const seconds = Number(headers.get('retry-after'));
    const when = Number.isFinite(seconds) && seconds > 0 ? `in ${waitInWords(seconds)}` : 'in a moment';
    // A login or a code check locked after failures says so: the person knows it is their attempts, not the server, that count.
    return new Problem(status, code, `${code === 'too_many_attempts' ? 'Too many failed attempts' : 'Too many requests'}. Try again ${when}.`);
  }
  if (status === 503) return new Problem(status, code, `${awayNow(code, said)} Try again in a moment.`);
  if (status >= 500 || !said) {
    return new Problem(status, code, 'Something went wrong on the server. Try again; if it keeps happening, tell the server owner.');
  }
  return new Problem(status, code, said, answer.field, answer.refused ?? []);
}

/** What a 503 says is away: the economy, the game server (with the server's reason), Gatehouse's storage, or what the server said. */
function awayNow(code: string, said: string): string {
  if (code === 'economy_unavailable') return 'The economy is away for now.';
  if (code === 'game_unavailable') return `The game server is away for now${said ? ` (${said})` : ''}.`;
  if (code === 'storage_failed') return 'Gatehouse cannot reach its storage for now.';
  return said ? `${said.replace(/\.$/, '')}, for now.` : 'This is not available for now.';
}
