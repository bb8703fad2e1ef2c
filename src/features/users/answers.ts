import type { UserRecord } from '../../store/port.js';
import type { Profile } from '../accounts/service.js';

/** A web account as admins see it: its profile (with operator and whitelist status from the game), its id and last login. */
export function adminUserAnswer(user: UserRecord, profile: Profile) {
  const { username, email, gameUsername, isAdmin, isWhitelisted, createdAt } = profile;
  return { id: user.id, username, email, gameUsername, isAdmin, isWhitelisted, createdAt, lastLogin: user.lastLogin };
}
