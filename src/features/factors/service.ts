import { EventEmitter } from 'node:events';
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { Actor } from '../../http/caller.js';
import { Cache } from '../../lib/cache.js';
import type { Store, UserRecord } from '../../store/port.js';
import type { AuditTrail } from '../audit/service.js';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import { ceremonyMs, challengeOf, type RelyingParty } from './relying-party.js';
import type { SecretBox } from './secret-box.js';
import { type FactorStore, factorsPart, type PasskeyRecord } from './store.js';
import { newTotp, stepOf, type TotpSetUp } from './totp.js';

export type FactorKind = 'totp' | 'passkey';

/** What a service that wires the factors to others hears (a new factor ends the account's other sessions, say). */
export interface FactorEvents {
  /** `sessionId`: the session of the request that made the change (the one that stays when the others end). */
  added: [{ userId: number; username: string; factor: FactorKind; sessionId?: string }];
  removed: [{ userId: number; username: string; factor: FactorKind; sessionId?: string }];
  /** An admin removed every factor of the account. */
  reset: [{ userId: number; username: string; by: string }];
}

export interface FactorStatus {
  totp: { enabled: boolean; recoveryCodesLeft: number };
  passkeys: PasskeyRecord[];
  /** Whether an operator must have a second factor before the admin pages open (accounts.require-second-factor-for-admins). */
  requiredForAdmins: boolean;
}

export interface FactorSettings {
  /** The name an authenticator app lists the account under. */
  issuer: string;
  requiredForAdmins: boolean;
}

/**
 * An account's second factors: TOTP with its recovery codes, and passkeys;
 * set up, renamed, removed by their owner (a removal asks the password
 * again), or all reset by an admin. Every change is audited, with the
 * account's owner as the actor.
 */
export class FactorService {
  readonly events = new EventEmitter<FactorEvents>();
  /** Whether an account has a factor, asked on every admin request while enforcement is on; changes here clear it at once, on another instance within its minute. */
  readonly haveFactor: Cache<number, boolean>;

  constructor(
    private readonly store: Store,
    private readonly box: SecretBox,
    readonly relyingParty: RelyingParty,
    private readonly audit: AuditTrail,
    readonly settings: FactorSettings,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.haveFactor = new Cache('second-factors', 'Whether a web account has a second factor, for admin pages that require one; read again after a minute', {
      limit: 10_000,
      ttlMs: 60_000,
    });
  }

  private get factors(): FactorStore {
    return this.store.part(factorsPart);
  }

  async hasFactor(userId: number): Promise<boolean> {
    const known = this.haveFactor.get(userId);
    if (known !== undefined) return known;
    const [totp, passkeys] = await Promise.all([this.factors.totp(userId), this.factors.passkeys(userId)]);
    const has = totp?.confirmed === true || passkeys.length > 0;
    this.haveFactor.set(userId, has);
    return has;
  }

  /** Whether this caller, an operator, must set up a second factor before any admin page (the service token and keys never are). */
  async mustSetUp(user: UserRecord): Promise<boolean> {
    return this.settings.requiredForAdmins && !(await this.hasFactor(user.id));
  }

  async status(user: UserRecord): Promise<FactorStatus> {
    const [totp, recoveryCodesLeft, passkeys] = await Promise.all([this.factors.totp(user.id), this.factors.recoveryCodesLeft(user.id), this.factors.passkeys(user.id)]);
    return { totp: { enabled: totp?.confirmed === true, recoveryCodesLeft }, passkeys, requiredForAdmins: this.settings.requiredForAdmins };
  }

  /** A new secret, kept sealed and unconfirmed until its first code (an earlier unconfirmed one is replaced); 409 while one is in use. */
  async startTotp(user: UserRecord): Promise<TotpSetUp> {
    if ((await this.factors.totp(user.id))?.confirmed) throw conflict('An authenticator app is already set up; remove it first to set up another', 'totp_already_set_up');
    const setUp = newTotp(this.settings.issuer, user.username);
    await this.factors.putTotp({
      userId: user.id,
      sealedSecret: this.box.seal(setUp.secret, contextOf(user.id)),
      confirmed: false,
      lastStep: null,
      createdAt: this.now().toISOString(),
    });
    return setUp;
  }

  /** The first code proves the app holds the secret: TOTP is on, and ten new recovery codes are made and answered this once. */
  async confirmTotp(user: UserRecord, code: string, actor: Actor): Promise<string[]> {
    const totp = await this.factors.totp(user.id);
    if (!totp) throw conflict('Start the set-up first: no authenticator app is being set up', 'totp_not_started');
    if (totp.confirmed) throw conflict('The authenticator app is already set up', 'totp_already_set_up');
    if (!(await this.takeTotpCode(user, code))) throw badRequest('That code is not right: type the code your app shows now', 'invalid_code');
    const codes = await this.renewRecoveryCodes(user);
    await this.changed(user, actor, 'factors.totp.add', { recoveryCodes: codes.length });
    this.events.emit('added', { userId: user.id, username: user.username, factor: 'totp', sessionId: actor.sessionId });
    return codes;
  }

  /** Whether `code` is the account's TOTP code now, taken once (a code is never accepted twice). */
  async takeTotpCode(user: UserRecord, code: string): Promise<boolean> {
    const totp = await this.factors.totp(user.id);
    if (!totp) return false;
    const step = stepOf(this.box.open(totp.sealedSecret, contextOf(user.id)), code.replace(/\s/g, ''), this.now().getTime());
    return step !== undefined && (await this.factors.takeTotpStep(user.id, step));
  }

  async takeRecoveryCode(user: UserRecord, code: string): Promise<boolean> {
    if (code.length > 64) return false;
    return this.factors.takeRecoveryCode(user.id, hashRecoveryCode(code), this.now().toISOString());
  }

  async removeTotp(user: UserRecord, actor: Actor): Promise<void> {
    const removed = await this.factors.removeTotp(user.id);
    if (!removed) throw notFound('No authenticator app is set up', 'totp_not_set_up');
    await this.factors.removeRecoveryCodes(user.id);
    await this.changed(user, actor, 'factors.totp.remove', {});
    this.events.emit('removed', { userId: user.id, username: user.username, factor: 'totp', sessionId: actor.sessionId });
  }

  /** Ten new recovery codes in place of the old ones (which stop working), for an account with TOTP on. */
  async newRecoveryCodes(user: UserRecord, actor: Actor): Promise<string[]> {
    if (!(await this.factors.totp(user.id))?.confirmed) throw conflict('Recovery codes go with an authenticator app: set one up first', 'totp_not_set_up');
    const codes = await this.renewRecoveryCodes(user);
    await this.changed(user, actor, 'factors.recovery-codes.renew', { recoveryCodes: codes.length });
    return codes;
  }

  async passkeyRegistrationOptions(user: UserRecord): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const options = await this.relyingParty.registrationOptions(user, await this.factors.passkeys(user.id));
    await this.factors.putChallenge({ key: options.challenge, kind: 'passkey-registration', userId: user.id, expiresAt: this.inCeremony() });
    return options;
  }

  async addPasskey(user: UserRecord, name: string, response: RegistrationResponseJSON, actor: Actor): Promise<PasskeyRecord> {
    const challenge = await this.takeChallenge(challengeOf(response), 'passkey-registration', user.id);
    if (!challenge) throw conflict('This passkey answers no registration under way: ask for new options and try again', 'invalid_challenge');
    const credential = await this.relyingParty.verifyRegistration(response, challenge);
    if (await this.factors.passkey(credential.id)) throw conflict('This passkey is already registered', 'passkey_exists');
    const record: PasskeyRecord = { ...credential, userId: user.id, name, createdAt: this.now().toISOString(), lastUsedAt: null };
    await this.factors.addPasskey(record);
    await this.changed(user, actor, 'factors.passkey.add', { passkey: name });
    this.events.emit('added', { userId: user.id, username: user.username, factor: 'passkey', sessionId: actor.sessionId });
    return record;
  }

  async renamePasskey(user: UserRecord, id: string, name: string, actor: Actor): Promise<PasskeyRecord> {
    if (!(await this.factors.renamePasskey(user.id, id, name))) throw passkeyNotFound();
    await this.changed(user, actor, 'factors.passkey.rename', { passkey: name });
    return (await this.factors.passkey(id))!;
  }

  async removePasskey(user: UserRecord, id: string, actor: Actor): Promise<void> {
    const passkey = await this.factors.passkey(id);
    if (!passkey || !(await this.factors.removePasskey(user.id, id))) throw passkeyNotFound();
    await this.changed(user, actor, 'factors.passkey.remove', { passkey: passkey.name });
    this.events.emit('removed', { userId: user.id, username: user.username, factor: 'passkey', sessionId: actor.sessionId });
  }

  /** An admin's reset: the account's TOTP, recovery codes and passkeys all go, so its owner logs in with the password alone and sets up again. */
  async reset(user: UserRecord, actor: Actor): Promise<{ totp: boolean; passkeys: number; recoveryCodes: number }> {
    const totp = await this.factors.removeTotp(user.id);
    const recoveryCodes = await this.factors.removeRecoveryCodes(user.id);
    const passkeys = await this.factors.removePasskeys(user.id);
    this.haveFactor.delete(user.id);
    await this.audit.record(actor, 'factors.reset', { user: user.username, totp, passkeys });
    this.events.emit('reset', { userId: user.id, username: user.username, by: actor.name });
    return { totp, passkeys, recoveryCodes };
  }

  /** Takes the challenge a browser's answer was made for, when it is of this kind, for this account (or none), and not expired. */
  async takeChallenge(challenge: string | undefined, kind: 'passkey-registration' | 'passkey-second-factor' | 'passkey-login', userId: number | null) {
    if (challenge === undefined) return undefined;
    const found = await this.factors.takeChallenge(challenge);
    if (!found || found.kind !== kind || found.userId !== userId || found.expiresAt <= this.now().toISOString()) return undefined;
    return challenge;
  }

  inCeremony(): string {
    return new Date(this.now().getTime() + ceremonyMs).toISOString();
  }

  private async renewRecoveryCodes(user: UserRecord): Promise<string[]> {
    const codes = newRecoveryCodes();
    await this.factors.replaceRecoveryCodes(user.id, codes.map(hashRecoveryCode));
    return codes;
  }

  private async changed(user: UserRecord, actor: Actor, action: string, details: Record<string, unknown>): Promise<void> {
    this.haveFactor.delete(user.id);
    await this.audit.record(actor, action, { user: user.username, ...details });
  }
}

/** What a sealed TOTP secret is bound to: its account. */
const contextOf = (userId: number) => `totp:${userId}`;

const passkeyNotFound = () => notFound('No such passkey on this account', 'passkey_not_found');
