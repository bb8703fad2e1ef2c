/** What every way of logging in does at its end: the session starts, and an admin held at the second factor's set-up is known as such. */
import { api, data } from '../api.js';
import { startSession, updateSession } from '../session.js';

export interface LoginAnswer {
  token: string;
  username: string;
  gameUsername: string;
  isAdmin: boolean;
  expiresAt: string;
}

export async function loggedIn(answer: LoginAnswer): Promise<void> {
  startSession(answer);
  if (!answer.isAdmin) return;
  const factors = await data(api.request('get', '/api/auth/factors'));
  if (factors.heldAtSetUp) updateSession({ heldAtSetUp: true });
}
