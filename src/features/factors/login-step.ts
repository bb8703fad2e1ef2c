import { createHash, randomBytes } from 'node:crypto';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { ApiError, unauthorized } from '../../errors.js';
import type { Store, UserRecord } from '../../store/port.js';
import type { AccountService, SecondFactorGate, SecondFactorMethod, SecondFactorStep, SignedIn } from '../accounts/service.js';
import type { SessionClient } from '../sessions/service.js';
import type { SessionKind } from '../sessions/store.js';
import type { AuditTrail } from '../audit/service.js';
import { challengeOf } from './relying-party.js';
import type { FactorService } from './service.js';
import { type FactorStore, factorsPart, type PasskeyRecord } from './store.js';

/** How long the ticket of a login's second step lasts. */
const ticketMs = 5 * 60_000;

/** What completes the second step: one of an app's code, a recovery code, or a passkey's answer. */
export type SecondFactorProof = { code: string } | { recoveryCode: string } | { passkey: AuthenticationResponseJSON };

/**
 * The login's second step, and the passwordless login with a passkey.
 * After the password, an account with a factor gets a ticket, not a token
 * (kept only as its hash, single use, 5 minutes); the ticket and a factor
 * then complete the login through the accounts' one completeLogin, as a
 * passkey alone does. A wrong code or recovery code counts as a wrong
 * password in the login throttle, and the ticket survives it (a typo does
 * not send the person back to the password).
 */
export class SecondFactorLogin implements SecondFactorGate {
  constructor(
    private readonly store: Store,
    private readonly factors: FactorService,
    private readonly accounts: AccountService,
    private readonly audit: AuditTrail,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private get records(): FactorStore {
    return this.store.part(factorsPart);
  }

  async stepFor(user: UserRecord): Promise<SecondFactorStep | undefined> {
    const [totp, passkeys] = await Promise.all([this.records.totp(user.id), this.records.passkeys(user.id)]);
    const methods: SecondFactorMethod[] = [...(totp?.confirmed ? (['totp', 'recovery-code'] as const) : []), ...(passkeys.length > 0 ? (['passkey'] as const) : [])];
    if (methods.length === 0) return undefined;
    const ticket = randomBytes(32).toString('base64url');
    await this.records.putChallenge({ key: ticketKey(ticket), kind: 'login-ticket', userId: user.id, expiresAt: new Date(this.now().getTime() + ticketMs).toISOString() });
    return { secondFactor: { required: true, methods, ticket } };
  }

  /** The options of a passkey's assertion for the ticket's account (its own passkeys only). */
  async passkeyOptions(ticket: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const user = await this.ticketHolder(ticket);
    const passkeys = await this.records.passkeys(user.id);
    if (passkeys.length === 0) throw new ApiError(409, 'This account has no passkey', 'no_passkey');
    const options = await this.factors.relyingParty.authenticationOptions(passkeys);
    await this.records.putChallenge({ key: options.challenge, kind: 'passkey-second-factor', userId: user.id, expiresAt: this.factors.inCeremony() });
    return options;
  }

  /** The second step: a session of `kind` (the API's, or the portal's with its refresh token) for the ticket's account, once the factor is right. */
  async complete(ticket: string, proof: SecondFactorProof, client: SessionClient, kind: SessionKind): Promise<SignedIn> {
    const address = client.address;
    const user = await this.ticketHolder(ticket);
    this.accounts.refuseIfLoginThrottled(address, user.username);
    const used = await this.check(user, proof, address);
    // Spent only now, and only once: of two requests with one ticket, one logs in.
    const taken = await this.records.takeChallenge(ticketKey(ticket));
    if (taken?.kind !== 'login-ticket') throw invalidTicket();
    await this.audit.record({ name: user.username, ipAddress: address }, 'factors.login', { user: user.username, factor: used });
    return this.accounts.completeLogin(user, client, kind);
  }

  /** A fresh challenge for a login with a passkey and no name or password: any of this site's passkeys may answer it. */
  async passwordlessOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const options = await this.factors.relyingParty.authenticationOptions('any');
    await this.records.putChallenge({ key: options.challenge, kind: 'passkey-login', userId: null, expiresAt: this.factors.inCeremony() });
    return options;
  }

  /**
   * A passkey alone logs in: it is something the person has, unlocked by
   * something they know or are (user verification is required here).
   * Nothing can be guessed, so no throttle counts it; the challenge is
   * single use.
   */
  async passwordless(response: AuthenticationResponseJSON, client: SessionClient, kind: SessionKind): Promise<SignedIn> {
    const address = client.address;
    const challenge = await this.factors.takeChallenge(challengeOf(response), 'passkey-login', null);
    if (!challenge) throw new ApiError(401, 'This passkey answers no login under way: try again', 'invalid_challenge');
    const passkey = await this.records.passkey(response.id);
    const user = passkey && (await this.store.users.findById(passkey.userId));
    if (!passkey || !user) throw new ApiError(401, 'This passkey is not registered here', 'invalid_passkey');
    await this.verifyPasskey(response, challenge, passkey, true);
    await this.audit.record({ name: user.username, ipAddress: address }, 'factors.login', { user: user.username, factor: 'passkey', passwordless: true });
    return this.accounts.completeLogin(user, client, kind);
  }

  /** The factor the proof showed; 401 invalid_second_factor (counted in the throttle) when it is wrong. */
  private async check(user: UserRecord, proof: SecondFactorProof, address: string): Promise<'totp' | 'recovery-code' | 'passkey'> {
    if ('passkey' in proof) {
      const challenge = await this.factors.takeChallenge(challengeOf(proof.passkey), 'passkey-second-factor', user.id);
      const passkey = await this.records.passkey(proof.passkey.id);
      if (!challenge || !passkey || passkey.userId !== user.id) throw this.failed(user, address, 'This passkey answers no second step of this login');
      await this.verifyPasskey(proof.passkey, challenge, passkey, false).catch((error: unknown) => {
        throw error instanceof ApiError ? this.failed(user, address, error.message) : error;
      });
      return 'passkey';
    }
    if ('code' in proof) {
      if (!(await this.factors.takeTotpCode(user, proof.code))) throw this.failed(user, address, 'That code is not right (or was used already): type the code your app shows now');
      return 'totp';
    }
    const confirmed = (await this.records.totp(user.id))?.confirmed === true;
    if (!confirmed || !(await this.factors.takeRecoveryCode(user, proof.recoveryCode))) throw this.failed(user, address, 'That recovery code is not right, or was used already');
    return 'recovery-code';
  }

  private async verifyPasskey(response: AuthenticationResponseJSON, challenge: string, passkey: PasskeyRecord, requireUserVerification: boolean): Promise<void> {
    const counter = await this.factors.relyingParty.verifyAuthentication(response, challenge, passkey, requireUserVerification);
    await this.records.recordPasskeyUse(passkey.id, counter, this.now().toISOString());
  }

  private failed(user: UserRecord, address: string, message: string): ApiError {
    this.accounts.loginFailed(address, user.username);
    return unauthorized(message, 'invalid_second_factor');
  }

  private async ticketHolder(ticket: string): Promise<UserRecord> {
    const found = ticket.length <= 128 ? await this.records.findChallenge(ticketKey(ticket)) : undefined;
    const user = found && found.kind === 'login-ticket' && found.expiresAt > this.now().toISOString() && found.userId !== null && (await this.store.users.findById(found.userId));
    if (!user) throw invalidTicket();
    return user;
  }
}

/** Tickets are kept by their hash: a copy of the table holds none that works. */
const ticketKey = (ticket: string) => `ticket:${createHash('sha256').update(ticket).digest('base64url')}`;

const invalidTicket = () => unauthorized('This login step has expired or was used: log in again with your password', 'invalid_ticket');
