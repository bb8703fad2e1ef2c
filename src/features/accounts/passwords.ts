/**
 * Passwords after registration: a change with the current password, which
 * ends the account's other sessions, and a way back in for a forgotten one.
 * There is no e-mail to send a link to, and none is needed: the game proves
 * who a player is, so `/resetpassword` in game gives the account's player a
 * one-use code, and the code sets a new password on the portal and ends every
 * session of the account.
 */
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { ApiError, tooManyAttempts, unauthorized } from '../../errors.js';
import type { ChatText } from '../../game/chat-line.js';
import type { GamePort, PlayerRef } from '../../game/port.js';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import type { Store, UserRecord } from '../../store/port.js';
import type { GameTexts } from '../../texts/catalogue.js';
import type { SessionService } from '../sessions/service.js';
import type { LoginThrottle } from './login-throttle.js';
import { generateRegistrationCode, normalizeRegistrationCode } from './registration-codes.js';
import { passwordResetCodesPart } from './store.js';

export interface PasswordSettings {
  resetCodeLifetimeSeconds: number;
  /** The portal's address players are sent to, ending in `/`. */
  portalAddress: () => string;
}

/** Which account's password changed, and how: for a dashboard (service.events). */
export interface PasswordChanged {
  userId: number;
  username: string;
  how: 'changed' | 'reset';
  /** How many sessions the change ended. */
  endedSessions: number;
}

const invalidCode = () => new ApiError(400, 'Invalid or expired reset code; type /resetpassword in the game for a new one', 'invalid_code', {}, { field: 'code' });
const hashOf = (code: string) => createHash('sha256').update(normalizeRegistrationCode(code)).digest('hex');

export class PasswordService {
  readonly events = new EventEmitter<{ changed: [PasswordChanged] }>();

  constructor(
    private readonly store: Store,
    private readonly game: Pick<GamePort, 'codeCommand'>,
    private readonly passwords: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly sessions: SessionService,
    private readonly texts: GameTexts,
    private readonly settings: PasswordSettings,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * A new password given the current one, from a session of the account:
   * the other sessions end, this one goes on. A wrong current password
   * counts as a failed login of the account from that address.
   */
  async change(user: UserRecord, sessionId: string, currentPassword: string, newPassword: string, address: string): Promise<number> {
    const wait = this.throttle.loginWait(address, user.username);
    if (wait > 0) throw tooManyAttempts(wait);
    // The account as stored now: the access control's copy may be a minute old.
    const stored = await this.store.users.findById(user.id);
    if (!stored) throw unauthorized('Invalid token: the account no longer exists', 'invalid_token');
    if (!(await this.passwords.verify(currentPassword, stored.passwordHash))) {
      this.throttle.loginFailed(address, user.username);
      throw new ApiError(400, 'The current password is wrong', 'wrong_password', {}, { field: 'currentPassword' });
    }
    this.throttle.loginSucceeded(address, user.username);
    await this.store.users.setPasswordHash(user.id, await this.passwords.hash(newPassword));
    const endedSessions = await this.sessions.endOtherSessions(user.id, sessionId, 'password-changed');
    this.events.emit('changed', { userId: user.id, username: user.username, how: 'changed', endedSessions });
    return endedSessions;
  }

  /**
   * What /resetpassword in game answers: a new code (replacing the
   * account's earlier one) with the portal's page for it as a link that
   * opens it with the code filled in; or, to a player without an account,
   * that there is none and how to make one.
   */
  async handleResetCommand(player: PlayerRef): Promise<ChatText> {
    const user = await this.store.users.findByGameUuid(player.uuid);
    if (!user) return this.texts.render('resetpassword.no-account', { command: this.game.codeCommand('register') });
    const createdAt = this.now();
    const code = generateRegistrationCode();
    await this.store.part(passwordResetCodesPart).replaceForUser({
      codeHash: hashOf(code),
      userId: user.id,
      createdAt: createdAt.toISOString(),
      expiresAt: new Date(createdAt.getTime() + this.settings.resetCodeLifetimeSeconds * 1000).toISOString(),
    });
    const page = new URL('forgot-password', this.settings.portalAddress());
    const filled = new URL(page);
    filled.searchParams.set('code', code);
    const minutes = Math.round(this.settings.resetCodeLifetimeSeconds / 60);
    return this.texts.renderLine('resetpassword.code', { code, username: user.username, minutes }, { url: { text: page.href, url: filled.href } });
  }

  /**
   * A new password with a code from /resetpassword: the code is used up,
   * and every session of the account ends. Failed codes count with the
   * registration codes' (per address). Answers the account's username.
   */
  async reset(code: string, newPassword: string, address: string): Promise<string> {
    const wait = this.throttle.codeCheckWait(address);
    if (wait > 0) throw tooManyAttempts(wait);
    const codes = this.store.part(passwordResetCodesPart);
    const record = await codes.find(hashOf(code));
    if (!record || record.expiresAt <= this.now().toISOString()) {
      this.throttle.codeCheckFailed(address);
      throw invalidCode();
    }
    const passwordHash = await this.passwords.hash(newPassword);
    // The code's use and the new password together: a code is never spent without its password, nor used twice.
    const user = await this.store.transaction(async (tx) => {
      if (!(await tx.part(passwordResetCodesPart).remove(record.codeHash))) throw invalidCode();
      if (!(await tx.users.setPasswordHash(record.userId, passwordHash))) throw invalidCode();
      return tx.users.findById(record.userId);
    });
    const endedSessions = await this.sessions.endAll(record.userId, 'password-reset');
    this.events.emit('changed', { userId: record.userId, username: user!.username, how: 'reset', endedSessions });
    return user!.username;
  }

  /** Deletes codes past their time (retention). */
  removeExpiredCodes(at: Date): Promise<number> {
    return this.store.part(passwordResetCodesPart).removeExpired(at);
  }
}
