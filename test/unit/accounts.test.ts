import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { ApiError } from '../../src/errors.js';
import { AccountService } from '../../src/services/accounts.js';
import { ConnectionLogRecorder } from '../../src/services/connection-log.js';
import { FailureThrottle } from '../../src/services/failure-throttle.js';
import { PasswordHasher } from '../../src/services/password-hasher.js';
import { RetentionJob } from '../../src/services/retention.js';
import { TokenService } from '../../src/services/tokens.js';
import { JsonStore } from '../../src/store/json/index.js';
import { FakeGame } from '../helpers/fake-game.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';

describe('services against the store port', function () {
  let directory: string;
  let store: JsonStore;
  let game: FakeGame;
  let passwords: PasswordHasher;
  let now: Date;
  let accounts: AccountService;

  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-services-');
    store = await JsonStore.open(directory);
    game = new FakeGame();
    passwords = new PasswordHasher(4, 1);
    now = new Date('2026-11-21T12:00:00.000Z');
    accounts = new AccountService(
      store,
      game,
      passwords,
      await TokenService.open(store.keys, 3600),
      new FailureThrottle(3, 600_000, () => now.getTime()),
      { registrationCodeLifetimeSeconds: 600 },
      () => now,
    );
  });
  afterEach(async function () {
    await passwords.close();
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  const player = { name: 'Mira', uuid: 'uuid-mira' };
  const codeIn = (reply: string) => /code: §f§l([A-Z0-9]{8})/.exec(reply)![1]!;

  describe('AccountService', function () {
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
      expect(await store.registrationCodes.find(code)).to.equal(undefined);
      const user = await store.users.findByGameUuid('uuid-mira');
      expect(user).to.deep.include({ username: 'mira_web', gameUsername: 'Mira', createdAt: '2026-11-21T12:00:00.000Z' });
      expect(user!.passwordHash).to.match(/^\$2[aby]\$04\$/);
      expect(await accounts.handleRegisterCommand(player)).to.match(/already have a web account: §fmira_web/);
    });

    it('derives isAdmin from operator status at login and at every profile read', async function () {
      const code = codeIn(await accounts.handleRegisterCommand(player));
      await accounts.register({ username: 'mira', password: 'secret1', email: 'm@example.com', code }, '1.1.1.1');
      const user = (await store.users.findByUsername('mira'))!;
      expect((await accounts.login('mira', 'secret1', '1.1.1.1')).isAdmin).to.equal(false);
      await game.operators.setOperator('MIRA', true);
      expect((await accounts.login('mira', 'secret1', '1.1.1.1')).isAdmin).to.equal(true);
      expect((await accounts.profile(user)).isAdmin).to.equal(true);
      game.connected = false;
      expect((await accounts.profile(user)).isAdmin, 'unknown while the game is away').to.equal(false);
    });

    it('throttles per account across addresses', async function () {
      const code = codeIn(await accounts.handleRegisterCommand(player));
      await accounts.register({ username: 'mira', password: 'secret1', email: 'm@example.com', code }, '1.1.1.1');
      for (const address of ['2.2.2.1', '2.2.2.2', '2.2.2.3']) {
        await accounts.login('mira', 'wrong', address).catch(() => undefined);
      }
      const blocked = await accounts.login('mira', 'secret1', '3.3.3.3').catch((e) => e);
      expect(blocked).to.be.instanceOf(ApiError).and.include({ status: 429 });
      expect(blocked.headers['Retry-After']).to.equal('600');
    });
  });

  describe('ConnectionLogRecorder and RetentionJob', function () {
    it('records join, quit and refused logins, and retention deletes days older than 30', async function () {
      const recorder = new ConnectionLogRecorder(store.connectionLog, game, () => now);
      now = new Date('2026-10-01T08:00:00.000Z');
      game.events.emit('join', { player, ipAddress: '10.1.1.1' });
      now = new Date('2026-11-21T08:00:00.000Z');
      game.events.emit('quit', { player, ipAddress: '10.1.1.1' });
      game.events.emit('loginRefused', { name: 'Bad', uuid: null, ipAddress: '10.9.9.9', reason: 'The server is full!' });
      await recorder.settled();
      const entries = await store.connectionLog.recent({ limit: 10 });
      expect(entries.map(({ username, action, success }) => ({ username, action, success }))).to.deep.equal([
        { username: 'Bad', action: 'LOGIN', success: false },
        { username: 'Mira', action: 'LOGOUT', success: true },
        { username: 'Mira', action: 'LOGIN', success: true },
      ]);
      expect(entries[0]!.reason).to.equal('The server is full!');

      const retention = new RetentionJob(store, { connectionLogDays: 30, messageDays: 90, teleportLogDays: 90, auditLogDays: 365 }, () => now);
      expect((await retention.runOnce()).connectionLogFiles).to.equal(1);
      expect(await readdir(path.join(directory, 'connections'))).to.deep.equal(['2026-11-21.jsonl']);
    });
  });
});
