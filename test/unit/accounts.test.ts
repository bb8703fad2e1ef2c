import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { connectionLogPart } from '../../src/features/connections/store.js';
import { ApiError } from '../../src/errors.js';
import { AccessControl } from '../../src/features/accounts/access-control.js';
import { plainText, type ChatText } from '../../src/game/chat-line.js';
import { AccountService, type LoginResult, type SecondFactorStep } from '../../src/features/accounts/service.js';
import { registrationCodesPart } from '../../src/features/accounts/store.js';
import { ConnectionLogRecorder } from '../../src/features/connections/service.js';
import { LoginThrottle } from '../../src/features/accounts/login-throttle.js';
import { GameTexts } from '../../src/texts/catalogue.js';
import { PasswordHasher } from '../../src/lib/password-hasher.js';
import { RetentionJob } from '../../src/features/retention/service.js';
import { TokenService } from '../../src/features/accounts/tokens.js';
import { RefreshTokens } from '../../src/features/sessions/refresh-tokens.js';
import { SessionService } from '../../src/features/sessions/service.js';
import { sessionsPart } from '../../src/features/sessions/store.js';
import { JsonStore } from '../../src/store/json/index.js';
import { FakeGame } from '../helpers/fake-game.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';
import { implementationsOf } from '../helpers/store-implementations.js';

/** The login's answer when it logs in (an account without a second factor): the token's side of the union. */
function loggedIn(answer: LoginResult | SecondFactorStep): LoginResult {
  if ('secondFactor' in answer) throw new Error('the login asked for a second factor');
  return answer;
}

describe('services against the store port', function () {
  let directory: string;
  let store: JsonStore;
  let game: FakeGame;
  let passwords: PasswordHasher;
  let now: Date;
  let accounts: AccountService;
  let sessions: SessionService;
  const from = (address: string) => ({ address, userAgent: undefined });

  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-services-');
    store = await JsonStore.open(directory, { parts: implementationsOf(registrationCodesPart, connectionLogPart, sessionsPart) });
    game = new FakeGame();
    passwords = new PasswordHasher(4, 1);
    now = new Date('2026-11-21T12:00:00.000Z');
    sessions = new SessionService(
      store.part(sessionsPart),
      await RefreshTokens.open(store.keys),
      { apiSessionSeconds: 3600, portalIdleSeconds: 86_400, refreshReuseLeewaySeconds: 10 },
      () => now,
      () => undefined,
    );
    accounts = new AccountService(
      store,
      game,
      passwords,
      await TokenService.open(store.keys, 3600),
      sessions,
      new LoginThrottle({ maxFailedAttempts: 3, windowSeconds: 600, addressMaxFailedAttempts: 20, codeCheckMaxFailures: 5 }, () => now.getTime()),
      GameTexts.defaults(),
      { registrationCodeLifetimeSeconds: 600, portalTokenSeconds: 900, portalAddress: () => 'https://play.example.net/' },
      () => now,
    );
  });
  afterEach(async function () {
    await passwords.close();
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  const player = { name: 'Mira', uuid: 'uuid-mira' };
  const codeIn = (reply: ChatText) => /code: §f§l([A-Z0-9]{8})/.exec(plainText(reply))![1]!;

  describe('AccountService', function () {
    it("answers /register with the code and the portal's page for it, a link that opens it with the code filled in", async function () {
      const answer = await accounts.handleRegisterCommand(player);
      const code = codeIn(answer);
      expect(typeof answer === 'string' ? [] : answer.parts.filter((part) => part.url !== undefined)).to.deep.equal([
        { text: 'https://play.example.net/register', url: `https://play.example.net/register?code=${code}` },
      ]);
      expect(plainText(answer)).to.equal(
        `§aYour registration code: §f§l${code}§r§a. Make your web account with it at https://play.example.net/register§a (click it); it expires in 0.2 hours.`,
      );
    });

    it('issues a code that expires after the configured lifetime', async function () {
      const code = codeIn(await accounts.handleRegisterCommand(player));
      expect(await accounts.verifyCode(code, '1.1.1.1')).to.deep.equal({ valid: true, gameUsername: 'Mira' });
      now = new Date(now.getTime() + 600_000);
      expect(await accounts.verifyCode(code, '1.1.1.1')).to.deep.equal({ valid: false });
      const error = await accounts.register({ username: 'mira', password: 'secret1', email: 'm@example.com', code }, '1.1.1.1').catch((e) => e);
      expect(error).to.be.instanceOf(ApiError).and.include({ status: 400 });
    });

    it('consumes the code, links the player, and then tells /register the account name', async function () {
      const code = codeIn(await accounts.handleRegisterCommand(player));
      await accounts.register({ username: 'mira_web', password: 'secret1', email: 'm@example.com', code }, '1.1.1.1');
      expect(await store.part(registrationCodesPart).find(code)).to.equal(undefined);
      const user = await store.users.findByGameUuid('uuid-mira');
      expect(user).to.deep.include({ username: 'mira_web', gameUsername: 'Mira', createdAt: '2026-11-21T12:00:00.000Z' });
      expect(user!.passwordHash).to.match(/^\$2[aby]\$04\$/);
      expect(await accounts.handleRegisterCommand(player)).to.match(/already have a web account: §fmira_web/);
    });

    it('derives isAdmin from operator status at login and at every profile read', async function () {
      const code = codeIn(await accounts.handleRegisterCommand(player));
      await accounts.register({ username: 'mira', password: 'secret1', email: 'm@example.com', code }, '1.1.1.1');
      const user = (await store.users.findByUsername('mira'))!;
      expect(loggedIn(await accounts.login('mira', 'secret1', from('1.1.1.1'), 'api')).isAdmin).to.equal(false);
      await game.operators.setOperator('MIRA', true);
      expect(loggedIn(await accounts.login('mira', 'secret1', from('1.1.1.1'), 'api')).isAdmin).to.equal(true);
      expect((await accounts.profile(user)).isAdmin).to.equal(true);
      game.connected = false;
      expect((await accounts.profile(user)).isAdmin, 'unknown while the game is away').to.equal(false);
    });

    it('slows an account guessed at from many addresses, but lets its owner in from an address that logged in before', async function () {
      const code = codeIn(await accounts.handleRegisterCommand(player));
      await accounts.register({ username: 'mira', password: 'secret1', email: 'm@example.com', code }, '1.1.1.1');
      await accounts.login('mira', 'secret1', from('1.1.1.1'), 'api');
      for (const address of ['2.2.2.1', '2.2.2.2', '2.2.2.3', '2.2.2.4']) {
        await accounts.login('mira', 'wrong', from(address), 'api').catch(() => undefined);
      }
      // A stranger's address waits (2 s after 4 failures at a threshold of 3): slowed, not locked for the window.
      const slowed = await accounts.login('mira', 'secret1', from('3.3.3.3'), 'api').catch((e) => e);
      expect(slowed).to.be.instanceOf(ApiError).and.include({ status: 429 });
      expect(Number(slowed.headers['Retry-After'])).to.be.within(1, 2);
      // The owner's own address is not held up at all.
      expect(loggedIn(await accounts.login('mira', 'secret1', from('1.1.1.1'), 'api')).username).to.equal('mira');
      now = new Date(now.getTime() + 2000);
      expect(loggedIn(await accounts.login('mira', 'secret1', from('3.3.3.3'), 'api')).username).to.equal('mira');
    });

    it('locks one address guessing one account, clears that pair on success, and keeps code checks apart', async function () {
      const code = codeIn(await accounts.handleRegisterCommand(player));
      await accounts.register({ username: 'mira', password: 'secret1', email: 'm@example.com', code }, '1.1.1.1');
      for (let attempt = 0; attempt < 2; attempt += 1) await accounts.login('mira', 'wrong', from('4.4.4.4'), 'api').catch(() => undefined);
      await accounts.login('mira', 'secret1', from('4.4.4.4'), 'api');
      for (let attempt = 0; attempt < 3; attempt += 1) await accounts.login('mira', 'wrong', from('4.4.4.4'), 'api').catch(() => undefined);
      const locked = await accounts.login('mira', 'secret1', from('4.4.4.4'), 'api').catch((e) => e);
      expect(locked).to.include({ status: 429 });
      expect(locked.headers['Retry-After']).to.equal('600');
      // Wrong codes typed in a form count in their own bucket, not against logins.
      for (let attempt = 0; attempt < 5; attempt += 1) expect((await accounts.verifyCode('WRONG', '5.5.5.5')).valid).to.equal(false);
      expect(await accounts.verifyCode('WRONG', '5.5.5.5').catch((e) => e)).to.include({ status: 429 });
      now = new Date(now.getTime() + 60_000);
      expect(loggedIn(await accounts.login('mira', 'secret1', from('5.5.5.5'), 'api')).username).to.equal('mira');
    });

    it('refuses a look-alike username (the Kelvin sign) with the usual 401', async function () {
      const code = codeIn(await accounts.handleRegisterCommand({ name: 'Kit', uuid: 'uuid-kit' }));
      await accounts.register({ username: 'kit1', password: 'secret1', email: 'k@example.com', code }, '1.1.1.1');
      const lookAlike = await accounts.login('\u212Ait1', 'secret1', from('1.1.1.1'), 'api').catch((e) => e);
      expect(lookAlike).to.be.instanceOf(ApiError).and.include({ status: 401 });
      expect(loggedIn(await accounts.login('KIT1', 'secret1', from('1.1.1.1'), 'api')).username).to.equal('kit1');
    });
  });

  describe('AccessControl', function () {
    it("reads a token's web account from the store once a minute at most, and again at once after the cache is emptied", async function () {
      const tokens = await TokenService.open(store.keys, 3600);
      const clock = { at: 1_000_000 };
      const access = new AccessControl(
        tokens,
        sessions,
        store.users,
        accounts,
        () => true,
        '',
        () => clock.at,
      );
      const user = await store.users.create({
        username: 'mira',
        passwordHash: 'x',
        email: 'm@example.com',
        gameUsername: 'Mira',
        gameUuid: 'uuid-mira',
        createdAt: now.toISOString(),
      });
      const { session } = await sessions.start(user.id, 'api', from('1.1.1.1'));
      const { token } = tokens.issue({ sub: String(user.id), sid: session.id, username: 'mira', gameUsername: 'Mira', isAdmin: false });
      let reads = 0;
      const findById = store.users.findById.bind(store.users);
      store.users.findById = (id) => {
        reads += 1;
        return findById(id);
      };
      const caller = async () => access.authenticate(`Bearer ${token}`, '1.1.1.1');
      expect(await caller()).to.deep.include({ kind: 'user', user, sessionId: session.id });
      await caller();
      clock.at += 59_000;
      await caller();
      expect(reads, 'read once within the minute').to.equal(1);
      clock.at += 2_000;
      await caller();
      expect(reads, 'read again after the minute').to.equal(2);
      expect(access.accountsSeen.statistics()).to.include({ name: 'web-accounts', size: 1, ttlSeconds: 60 });
      access.accountsSeen.clear();
      await caller();
      expect(reads, 'read again once emptied').to.equal(3);
      // An account that is gone is refused, and not remembered as gone.
      const ghostSession = await sessions.start(999, 'api', from('1.1.1.1'));
      const { token: other } = tokens.issue({ sub: '999', sid: ghostSession.session.id, username: 'ghost', gameUsername: 'Ghost', isAdmin: false });
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const refused = await access.authenticate(`Bearer ${other}`, '1.1.1.1').catch((error: ApiError) => error);
        expect(refused).to.be.instanceOf(ApiError).and.include({ status: 401, code: 'invalid_token' });
      }
      expect(reads).to.equal(5);
    });
  });

  describe('ConnectionLogRecorder and RetentionJob', function () {
    it('records join, quit and refused logins, and retention deletes days older than 30', async function () {
      const recorder = new ConnectionLogRecorder(store.part(connectionLogPart), game, () => now);
      now = new Date('2026-10-01T08:00:00.000Z');
      game.events.emit('join', { player, ipAddress: '10.1.1.1' });
      now = new Date('2026-11-21T08:00:00.000Z');
      game.events.emit('quit', { player, ipAddress: '10.1.1.1' });
      game.events.emit('loginRefused', { name: 'Bad', uuid: null, ipAddress: '10.9.9.9', reason: 'The server is full!' });
      await recorder.settled();
      const entries = await store.part(connectionLogPart).recent({ limit: 10 });
      expect(entries.map(({ username, action, success }) => ({ username, action, success }))).to.deep.equal([
        { username: 'Bad', action: 'LOGIN', success: false },
        { username: 'Mira', action: 'LOGOUT', success: true },
        { username: 'Mira', action: 'LOGIN', success: true },
      ]);
      expect(entries[0]!.reason).to.equal('The server is full!');

      const retention = new RetentionJob(() => now);
      retention.keepDays('connection log', 30, (cutoff) => store.part(connectionLogPart).deleteBefore(cutoff));
      expect((await retention.runOnce())['connection log']).to.equal(1);
      expect(await readdir(path.join(directory, 'connections'))).to.deep.equal(['2026-11-21.jsonl']);
    });
  });
});
