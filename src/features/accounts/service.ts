import { EventEmitter } from 'node:events';
import { type ApiError, badRequest, conflict, tooManyAttempts, unauthorized } from '../../errors.js';
import type { ChatText } from '../../game/chat-line.js';
import type { GamePort, PlayerRef } from '../../game/port.js';
import { UniqueConflictError, type Store, type UserRecord } from '../../store/port.js';
import { isPrintableAscii } from '../../lib/ascii.js';
import type { GameTexts } from '../../texts/catalogue.js';
import type { LoginThrottle } from './login-throttle.js';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import { generateRegistrationCode, normalizeRegistrationCode } from './registration-codes.js';
import { type LiveSession, type SessionClient, type SessionService, sessionEnded } from '../sessions/service.js';
import type { SessionKind } from '../sessions/store.js';
import { registrationCodesPart } from './store.js';
import type { TokenService } from './tokens.js';

export interface AccountSettings {
  registrationCodeLifetimeSeconds: number;
  /** How long the portal's access tokens last (the API's last the TokenService's 24 hours). */
  portalTokenSeconds: number;
  /** The portal's address players are sent to, ending in `/` (known once the API listens). */
  portalAddress: () => string;
}

export interface Registration {
  username: string;
  password: string;
  email: string;
  code: string;
}

/** What the API's login answers (api.md): exactly these. */
export interface LoginResult {
  token: string;
  username: string;
  gameUsername: string;
  isAdmin: boolean;
}

/** A login that succeeded: its answer, when its token expires, its session, and for the portal the refresh token for its cookie (absent: keep the cookie). */
export interface SignedIn extends LoginResult {
  expiresAt: Date;
  session: LiveSession['session'];
  refreshToken?: string;
}

/** What the login answers instead of a token for an account with a second factor: the factor is asked for next. */
export interface SecondFactorStep {
  secondFactor: { required: true; methods: SecondFactorMethod[]; ticket: string };
}

export type SecondFactorMethod = 'totp' | 'recovery-code' | 'passkey';

/** Asks for an account's second factor after its password (the factors group answers it): a step, or undefined for an account with none. */
export interface SecondFactorGate {
  stepFor(user: UserRecord, clientAddress: string): Promise<SecondFactorStep | undefined>;
}

export interface Profile {
  username: string;
  gameUsername: string;
  email: string;
  isAdmin: boolean;
  isWhitelisted: boolean;
  createdAt: string;
}

/**
 * Web accounts: registration with an in-game code, login, the profile.
 * Admin status is never stored: it is the player's operator status now.
 */
export class AccountService {
  readonly events = new EventEmitter<{ registered: [{ username: string; gameUsername: string; gameUuid: string }] }>();
  /** Compared against when the username is unknown, so both failures take as long. */
  private decoyHash: Promise<string>;
  private secondFactors: SecondFactorGate | undefined;

  constructor(
    private readonly store: Store,
    private readonly game: GamePort,
    private readonly passwords: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
    private readonly throttle: LoginThrottle,
    private readonly texts: GameTexts,
    private readonly settings: AccountSettings,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.decoyHash = passwords.hash('decoy password that matches nothing');
    this.decoyHash.catch(() => undefined);
  }

  /**
   * What /register in game answers: a new code with the portal's page for it
   * as a link that opens it with the code filled in, or the name of the
   * account the player already has.
   */
  async handleRegisterCommand(player: PlayerRef): Promise<ChatText> {
    const existing = await this.store.users.findByGameUuid(player.uuid);
    if (existing) {
      return this.texts.render('register.has-account', { username: existing.username });
    }
    const createdAt = this.now();
    const expiresAt = new Date(createdAt.getTime() + this.settings.registrationCodeLifetimeSeconds * 1000);
    const code = generateRegistrationCode();
    await this.store.part(registrationCodesPart).replaceForPlayer({
      code,
      gameUsername: player.name,
      gameUuid: player.uuid,
      createdAt: createdAt.toISOString(),
      expiresAt: expiresAt.toISOString(),
    });
    const hours = Math.round((this.settings.registrationCodeLifetimeSeconds / 3600) * 10) / 10;
    const page = new URL('register', this.settings.portalAddress());
    const filled = new URL(page);
    filled.searchParams.set('code', code);
    return this.texts.renderLine('register.code', { code, hours }, { url: { text: page.href, url: filled.href } });
  }

  async register(registration: Registration, clientAddress: string): Promise<void> {
    this.refuseIfThrottled(this.throttle.codeCheckWait(clientAddress));
    const codeRecord = await this.findValidCode(registration.code);
    if (!codeRecord) {
      this.throttle.codeCheckFailed(clientAddress);
      throw badRequest('Invalid or expired registration code', 'invalid_code');
    }
    if (await this.store.users.findByUsername(registration.username)) throw usernameTaken();
    if (await this.store.users.findByGameUuid(codeRecord.gameUuid)) throw playerTaken(codeRecord.gameUsername);
    const passwordHash = await this.passwords.hash(registration.password);
    try {
      // The account and the code's use together: a code is never spent without its account, nor used twice.
      await this.store.transaction(async (tx) => {
        await tx.users.create({
          username: registration.username,
          passwordHash,
          email: registration.email,
          gameUsername: codeRecord.gameUsername,
          gameUuid: codeRecord.gameUuid,
          createdAt: this.now().toISOString(),
        });
        // Checked after the account, so that the loser of a race for one player's code hears 409, not 400.
        const codes = tx.part(registrationCodesPart);
        if (!(await codes.find(codeRecord.code))) throw badRequest('Invalid or expired registration code', 'invalid_code');
        await codes.remove(codeRecord.code);
      });
    } catch (error) {
      // A concurrent registration won the race between the checks above and now.
      if (error instanceof UniqueConflictError) throw error.field === 'username' ? usernameTaken() : playerTaken(codeRecord.gameUsername);
      throw error;
    }
    this.events.emit('registered', { username: registration.username, gameUsername: codeRecord.gameUsername, gameUuid: codeRecord.gameUuid });
  }

  /** From now on an account with a second factor is asked for it after its password (see login). */
  askSecondFactorsWith(gate: SecondFactorGate): void {
    this.secondFactors = gate;
  }

  /**
   * The password's step of a login, the API's (`api`, a token of 24 hours)
   * or the portal's (`portal`, a short token and a refresh token): the
   * login, or for an account with a second factor the step that asks for it
   * (no token yet).
   */
  async login(username: string, password: string, client: SessionClient, kind: SessionKind): Promise<SignedIn | SecondFactorStep> {
    this.refuseIfLoginThrottled(client.address, username);
    // Usernames are ASCII by rule; a look-alike (the Kelvin sign for "K") must not find an account.
    const user = isPrintableAscii(username) ? await this.store.users.findByUsername(username) : undefined;
    const matches = await this.passwords.verify(password, user?.passwordHash ?? (await this.decoyHash));
    if (!user || !matches) {
      this.loginFailed(client.address, username);
      throw unauthorized('Invalid username or password', 'invalid_credentials');
    }
    const step = await this.secondFactors?.stepFor(user, client.address);
    return step ?? this.completeLogin(user, client, kind);
  }

  /**
   * The one place a login succeeds, whichever way it was proved (a
   * password alone, a password and a second factor, a passkey): the
   * throttle forgets the address's failures, the login is recorded, a
   * session of `kind` started (../sessions) and its token issued.
   */
  async completeLogin(user: UserRecord, client: SessionClient, kind: SessionKind): Promise<SignedIn> {
    this.throttle.loginSucceeded(client.address, user.username);
    const isAdmin = await this.isOperatorNow(user.gameUsername);
    await this.store.users.recordLogin(user.id, this.now().toISOString());
    return this.signedIn(user, isAdmin, await this.sessions.start(user.id, kind, client));
  }

  /** The portal's session goes on with its refresh token (rotated; ../sessions/service.ts): a new access token, with operator status asked again. */
  async refreshSession(refreshToken: string | undefined, client: SessionClient): Promise<SignedIn> {
    const live = await this.sessions.refresh(refreshToken, client);
    const user = await this.store.users.findById(live.session.userId);
    if (!user) throw sessionEnded('The account of this session no longer exists');
    return this.signedIn(user, await this.isOperatorNow(user.gameUsername), live);
  }

  private signedIn(user: UserRecord, isAdmin: boolean, live: LiveSession): SignedIn {
    const claims = { sub: String(user.id), sid: live.session.id, username: user.username, gameUsername: user.gameUsername, isAdmin };
    const { token, expiresAt } = live.session.kind === 'api' ? this.tokens.issue(claims) : this.tokens.issue(claims, this.settings.portalTokenSeconds);
    return {
      token,
      username: user.username,
      gameUsername: user.gameUsername,
      isAdmin,
      expiresAt,
      session: live.session,
      ...(live.refreshToken ? { refreshToken: live.refreshToken } : {}),
    };
  }

  /** 429 while this address may not try this account again (a wrong password or second-factor code counts alike). */
  refuseIfLoginThrottled(clientAddress: string, username: string): void {
    this.refuseIfThrottled(this.throttle.loginWait(clientAddress, username));
  }

  /** A wrong password, second-factor code or recovery code for the account: one failure in the login throttle. */
  loginFailed(clientAddress: string, username: string): void {
    this.throttle.loginFailed(clientAddress, username);
  }

  /** The account's password asked again before a change to its factors: 401 when wrong, counted in the throttle. */
  async confirmPassword(user: UserRecord, password: string, clientAddress: string): Promise<void> {
    this.refuseIfLoginThrottled(clientAddress, user.username);
    // Read again: the record a request carries may be a minute old.
    const current = await this.store.users.findById(user.id);
    if (!current || !(await this.passwords.verify(password, current.passwordHash))) {
      this.loginFailed(clientAddress, user.username);
      throw unauthorized('The password is not right', 'invalid_credentials');
    }
  }

  async profile(user: UserRecord): Promise<Profile> {
    const [isAdmin, isWhitelisted] = await Promise.all([this.isOperatorNow(user.gameUsername), this.isWhitelistedNow(user.gameUsername)]);
    return toProfile(user, isAdmin, isWhitelisted);
  }

  /**
   * Profiles of many users with two questions to the game in all (the
   * operator list and the whitelist), not two per user: over the bridge
   * each question is a round trip.
   */
  async profiles(users: UserRecord[]): Promise<Profile[]> {
    const connected = this.game.isConnected();
    const whitelist = this.game.capability('whitelist');
    const [operators, whitelisted] = await Promise.all([connected ? this.game.operators.list() : [], connected && whitelist ? whitelist.list() : []]);
    const operatorNames = new Set(operators.map((player) => player.name.toLowerCase()));
    const whitelistedNames = new Set(whitelisted.map((player) => player.name.toLowerCase()));
    return users.map((user) => {
      const name = user.gameUsername.toLowerCase();
      return toProfile(user, operatorNames.has(name), whitelistedNames.has(name));
    });
  }

  async verifyCode(code: string, clientAddress: string): Promise<{ valid: true; gameUsername: string } | { valid: false }> {
    this.refuseIfThrottled(this.throttle.codeCheckWait(clientAddress));
    const record = await this.findValidCode(code);
    if (!record) {
      this.throttle.codeCheckFailed(clientAddress);
      return { valid: false };
    }
    return { valid: true, gameUsername: record.gameUsername };
  }

  /** Operator status as the game reports it now; false while the game cannot be asked. */
  async isOperatorNow(gameUsername: string): Promise<boolean> {
    if (!this.game.isConnected()) return false;
    return this.game.operators.isOperator(gameUsername);
  }

  private async isWhitelistedNow(gameUsername: string): Promise<boolean> {
    const whitelist = this.game.capability('whitelist');
    if (!this.game.isConnected() || !whitelist) return false;
    return whitelist.isWhitelisted(gameUsername);
  }

  private async findValidCode(input: string) {
    const record = await this.store.part(registrationCodesPart).find(normalizeRegistrationCode(input));
    if (!record || record.expiresAt <= this.now().toISOString()) return undefined;
    return record;
  }

  private refuseIfThrottled(waitSeconds: number): void {
    if (waitSeconds > 0) throw tooManyAttempts(waitSeconds);
  }
}

function toProfile(user: UserRecord, isAdmin: boolean, isWhitelisted: boolean): Profile {
  return { username: user.username, gameUsername: user.gameUsername, email: user.email, isAdmin, isWhitelisted, createdAt: user.createdAt };
}

const usernameTaken = (): ApiError => conflict('Username already exists', 'username_taken');
const playerTaken = (gameUsername: string): ApiError => conflict(`Player ${gameUsername} already has a web account`, 'player_has_account');
