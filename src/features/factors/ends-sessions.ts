/**
 * A change to an account's second factors ends its other sessions: one
 * added or removed by its owner ends every session but the one that made
 * the change; an admin's reset ends them all. Whoever held a session
 * before the change was proved by what the account had then; after it, the
 * account is what its owner made it now, so they log in again with it.
 */
import type { SessionService } from '../sessions/service.js';
import type { FactorService } from './service.js';

export function endSessionsOnFactorChanges(
  factors: Pick<FactorService, 'events'>,
  sessions: Pick<SessionService, 'endOtherSessions' | 'endAll'>,
  logError: (message: string) => void,
): void {
  const failed = (userId: number) => (error: Error) => logError(`ending the sessions of user ${userId} after a change to their second factors: ${error.message}`);
  const ownChange = ({ userId, sessionId }: { userId: number; sessionId?: string }) => {
    sessions.endOtherSessions(userId, sessionId, 'second-factor-changed').catch(failed(userId));
  };
  factors.events.on('added', ownChange);
  factors.events.on('removed', ownChange);
  factors.events.on('reset', ({ userId }) => {
    sessions.endAll(userId, 'second-factors-reset').catch(failed(userId));
  });
}
