/**
 * Second factors over HTTP, on both stores: the login's answer with and
 * without one, TOTP set up and used (codes computed from the secret, as an
 * app would), recovery codes that work once, wrong codes counted by the
 * login throttle with wrong passwords, the owner's rule that operators have
 * a factor (keys and the service token unaffected), and an admin's reset.
 * Passkeys are registered and used in Chromium (test/e2e/portal-factors.test.ts).
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import { Secret, TOTP } from 'otpauth';
import { runConsoleLine } from '../../src/console.js';
import { codeFor } from '../helpers/accounts.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';
import { requirePostgres, uniquePrefix } from '../helpers/postgres.js';
import type { Config } from '../../src/config/config.js';

const serviceToken = 'factors-api-service-token-for-tests-0123456789abcdef';
const password = 'password1';

/** Each store's settings for a start: a new database (table prefix) unless `again` names the one to start on again. */
type StoreSettings = (config: Config, again?: Config) => void;

const stores: Record<string, (context: Mocha.Context) => Promise<StoreSettings>> = {
  'JSON files': async () => () => undefined,
  PostgreSQL: async (context) => {
    const postgres = await requirePostgres(context);
    return (config, again) => {
      config.storage.type = 'postgresql';
      config.storage.postgresql = again?.storage.postgresql ?? postgres.settings(uniquePrefix('factors'), 5);
    };
  },
};

/** The app's code for the time step `steps` away from now (a code is taken once, so each use takes the next step's). */
const codeAt = (secret: string, steps: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

for (const [storeName, storeOf] of Object.entries(stores)) {
  describe(`Second factors over HTTP (${storeName})`, function () {
    this.timeout(60_000);
    let server: TestGatehouse;
    let onStore: StoreSettings;
    let base: string;
    let leftDirectory: string | undefined;

    /** A server; `again` starts one on the data of a server stopped before (its directory, database and signing key). */
    const start = async (adjust: (config: Config) => void = () => undefined, again?: TestGatehouse) => {
      server = await startTestGatehouse(
        (config) => {
          config.token = serviceToken;
          config.accounts.maxFailedAttempts = 3;
          onStore(config, again?.config);
          adjust(config);
        },
        again ? { dataDirectory: again.dataDirectory } : {},
      );
      base = server.baseUrl;
    };
    const register = async (username: string, player: string) => {
      const code = await codeFor(server.gatehouse, player);
      const answer = await api(base, 'POST', '/api/auth/register', { body: { username, password, email: `${username}@example.com`, code } });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
    };
    const logIn = (username: string, withPassword = password) => api(base, 'POST', '/api/auth/login', { body: { username, password: withPassword } });
    const tokenOf = async (username: string) => (await logIn(username)).body.token as string;
    /** Sets up TOTP for the account (the confirming code one step back); its secret and recovery codes. */
    const setUpTotp = async (token: string) => {
      const started = await api(base, 'POST', '/api/auth/factors/totp', { token });
      expect(started.status).to.equal(200);
      const confirmed = await api(base, 'POST', '/api/auth/factors/totp/confirm', { token, body: { code: codeAt(started.body.secret, -1) } });
      expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);
      return { secret: started.body.secret as string, uri: started.body.uri as string, recoveryCodes: confirmed.body.recoveryCodes as string[] };
    };
    const ticketOf = async (username: string) => {
      const answer = await logIn(username);
      expect(answer.status).to.equal(200);
      return answer.body.secondFactor.ticket as string;
    };
    const secondStep = (body: Record<string, unknown>) => api(base, 'POST', '/api/auth/login/second-factor', { body });

    before(async function () {
      onStore = await storeOf(this);
    });
    afterEach(async () => {
      await server?.stop();
      if (leftDirectory) await rm(leftDirectory, { recursive: true, force: true });
      leftDirectory = undefined;
    });

    it('answers the login of an account without a factor exactly as the API description says, and asks one with a factor for it without a token', async function () {
      await start();
      await register('alice', 'Alice');
      const plain = await logIn('alice');
      expect(plain.status).to.equal(200);
      expect(Object.keys(plain.body).sort()).to.deep.equal(['gameUsername', 'isAdmin', 'success', 'token', 'username']);

      const { secret, uri, recoveryCodes } = await setUpTotp(plain.body.token);
      expect(secret).to.match(/^[A-Z2-7]{32}$/);
      expect(uri).to.match(/^otpauth:\/\/totp\/Gatehouse:alice\?/);
      expect(recoveryCodes).to.have.length(10);
      expect(new Set(recoveryCodes).size).to.equal(10);
      const status = await api(base, 'GET', '/api/auth/factors', { token: plain.body.token });
      expect(status.body).to.deep.include({ totp: { enabled: true, recoveryCodesLeft: 10 }, passkeys: [], requiredForAdmins: false, heldAtSetUp: false });

      const asked = await logIn('alice');
      expect(asked.status).to.equal(200);
      expect(asked.body).to.have.all.keys('success', 'secondFactor');
      expect(asked.body.secondFactor).to.include({ required: true });
      expect(asked.body.secondFactor.methods).to.deep.equal(['totp', 'recovery-code']);
      expect(asked.body.secondFactor.ticket).to.be.a('string');

      const done = await secondStep({ ticket: asked.body.secondFactor.ticket, code: codeAt(secret, 0) });
      expect(done.status, JSON.stringify(done.body)).to.equal(200);
      expect(Object.keys(done.body).sort()).to.deep.equal(['gameUsername', 'isAdmin', 'success', 'token', 'username']);
      expect((await api(base, 'GET', '/api/auth/me', { token: done.body.token })).body.username).to.equal('alice');

      const again = await secondStep({ ticket: asked.body.secondFactor.ticket, code: codeAt(secret, 1) });
      expect(again.status, 'a ticket is used once').to.equal(401);
      expect(again.body.code).to.equal('invalid_ticket');
      const replayed = await secondStep({ ticket: await ticketOf('alice'), code: codeAt(secret, 0) });
      expect(replayed.status, 'an app code is taken once').to.equal(401);
      expect(replayed.body.code).to.equal('invalid_second_factor');
      const both = await secondStep({ ticket: await ticketOf('alice'), code: '123456', recoveryCode: recoveryCodes[0] });
      expect(both.status).to.equal(400);
    });

    it('takes a recovery code once, in any case and with or without its dashes', async function () {
      await start();
      await register('bea', 'Bea');
      const { recoveryCodes } = await setUpTotp(await tokenOf('bea'));
      const code = recoveryCodes[3]!;
      const first = await secondStep({ ticket: await ticketOf('bea'), recoveryCode: code.toLowerCase().replaceAll('-', '') });
      expect(first.status, JSON.stringify(first.body)).to.equal(200);
      expect(first.body.token).to.be.a('string');
      const second = await secondStep({ ticket: await ticketOf('bea'), recoveryCode: code });
      expect(second.status).to.equal(401);
      expect(second.body.code).to.equal('invalid_second_factor');
      const status = await api(base, 'GET', '/api/auth/factors', { token: first.body.token });
      expect(status.body.totp.recoveryCodesLeft).to.equal(9);
      const audit = await api(base, 'GET', '/api/admin/audit', { token: serviceToken });
      const actions = (audit.body.entries as Array<{ actor: string; action: string; details: { factor?: string } }>).filter((entry) => entry.actor === 'bea');
      expect(actions.map((entry) => entry.action)).to.include.members(['factors.totp.add', 'factors.login']);
      expect(actions.find((entry) => entry.action === 'factors.login')!.details.factor).to.equal('recovery-code');
    });

    it('counts wrong app codes and recovery codes like wrong passwords: 429 with Retry-After, even for the right code', async function () {
      await start();
      await register('cara', 'Cara');
      await register('dora', 'Dora');
      const cara = await setUpTotp(await tokenOf('cara'));
      await setUpTotp(await tokenOf('dora'));

      // A wrong password and two wrong codes make the three failures the pair is allowed.
      expect((await logIn('cara', 'wrong password')).status).to.equal(401);
      const ticket = await ticketOf('cara');
      for (const wrong of ['000000', '999999']) {
        const refused = await secondStep({ ticket, code: wrong });
        expect(refused.status).to.equal(401);
        expect(refused.body.code).to.equal('invalid_second_factor');
      }
      const blocked = await secondStep({ ticket, code: codeAt(cara.secret, 0) });
      expect(blocked.status).to.equal(429);
      expect(Number(blocked.headers.get('retry-after'))).to.be.greaterThan(0);
      expect((await logIn('cara')).status, 'the password too').to.equal(429);

      const doraTicket = await ticketOf('dora');
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await secondStep({ ticket: doraTicket, recoveryCode: `WRNG-CODE-${attempt}000-0000` })).status).to.equal(401);
      }
      const doraBlocked = await secondStep({ ticket: doraTicket, recoveryCode: 'WRNG-CODE-4000-0000' });
      expect(doraBlocked.status).to.equal(429);
      expect(doraBlocked.headers.get('retry-after')).to.match(/^\d+$/);
    });

    it('holds an operator without a factor at the set-up while the owner requires one; their keys and the service token still work', async function () {
      await start();
      await register('olga', 'Olga');
      await runConsoleLine(server.gatehouse, 'op Olga', () => undefined);
      const before = await tokenOf('olga');
      const made = await api(base, 'POST', '/api/admin/keys', { token: before, body: { name: 'olga-dashboard', scopes: ['users:read'] } });
      expect(made.status, JSON.stringify(made.body)).to.equal(201);
      // The same data (and signing key) under the rule.
      const first = server;
      await first.gatehouse.stop();
      leftDirectory = first.dataDirectory;
      await start((config) => (config.accounts.requireSecondFactorForAdmins = true), first);
      await runConsoleLine(server.gatehouse, 'op Olga', () => undefined);

      const held = await api(base, 'GET', '/api/admin/users', { token: before });
      expect(held.status).to.equal(403);
      expect(held.body.code).to.equal('second_factor_required');
      const token = await tokenOf('olga');
      expect((await api(base, 'POST', '/api/admin/keys', { token, body: { name: 'another', scopes: ['users:read'] } })).body.code).to.equal('second_factor_required');
      expect((await api(base, 'GET', '/api/auth/factors', { token })).body).to.include({ requiredForAdmins: true, heldAtSetUp: true });
      expect((await api(base, 'GET', '/api/admin/users', { token: made.body.secret })).status, "the admin's key").to.equal(200);
      expect((await api(base, 'GET', '/api/admin/users', { token: serviceToken })).status, 'the service token').to.equal(200);

      const { secret } = await setUpTotp(token);
      expect((await api(base, 'GET', '/api/admin/users', { token })).status, 'once the factor is set up').to.equal(200);
      const done = await secondStep({ ticket: await ticketOf('olga'), code: codeAt(secret, 0) });
      expect((await api(base, 'GET', '/api/admin/users', { token: done.body.token })).status).to.equal(200);
      expect((await api(base, 'GET', '/api/auth/factors', { token: done.body.token })).body.heldAtSetUp).to.equal(false);
    });

    it("lets an admin reset a user's factors (audited), after which the password alone logs in; a player may not", async function () {
      await start();
      await register('olga', 'Olga');
      await register('finn', 'Finn');
      await runConsoleLine(server.gatehouse, 'op Olga', () => undefined);
      const finn = await tokenOf('finn');
      await setUpTotp(finn);
      expect((await logIn('finn')).body.secondFactor).to.exist;

      const refused = await api(base, 'DELETE', '/api/admin/users/finn/factors', { token: finn });
      expect(refused.status).to.equal(403);
      expect((await api(base, 'DELETE', '/api/admin/users/nobody/factors', { token: await tokenOf('olga') })).status).to.equal(404);
      const reset = await api(base, 'DELETE', '/api/admin/users/finn/factors', { token: await tokenOf('olga') });
      expect(reset.status, JSON.stringify(reset.body)).to.equal(200);
      expect(reset.body.removed).to.deep.equal({ totp: true, recoveryCodes: 10, passkeys: 0 });
      const plain = await logIn('finn');
      expect(Object.keys(plain.body).sort()).to.deep.equal(['gameUsername', 'isAdmin', 'success', 'token', 'username']);
      const audit = await api(base, 'GET', '/api/admin/audit', { token: serviceToken });
      const entry = (audit.body.entries as Array<{ actor: string; action: string; details: { user?: string } }>).find((found) => found.action === 'factors.reset');
      expect(entry).to.deep.include({ actor: 'olga', details: { user: 'finn', totp: true, passkeys: 0 } });
    });

    it('refuses a passkey answer made for a challenge never given (one with a NUL, one too long, one unknown) with 401 invalid_challenge, logging nothing', async function () {
      await start();
      const errorsBefore = server.errors.length;
      const answers: string[] = [];
      for (const challenge of ['a\u0000b', 'x'.repeat(300), 'unknown-challenge']) {
        const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin: base })).toString('base64url');
        const response = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON, authenticatorData: 'AAAA', signature: 'AAAA' }, clientExtensionResults: {} };
        for (const path of ['/api/auth/passkey/login', '/api/auth/session/passkey']) {
          const answer = await api(base, 'POST', path, { body: { response }, headers: { origin: base } });
          answers.push(`${answer.status} ${answer.body.code}`);
        }
      }
      expect(answers).to.deep.equal(answers.map(() => '401 invalid_challenge'));
      expect(server.errors.slice(errorsBefore), 'errors logged').to.deep.equal([]);
    });

    it('removes the app only with the password (a wrong one counted), and refuses passkeys while the portal is reached by an IP address', async function () {
      await start();
      await register('gus', 'Gus');
      const token = await tokenOf('gus');
      await setUpTotp(token);
      const wrong = await api(base, 'POST', '/api/auth/factors/totp/remove', { token, body: { password: 'not it' } });
      expect(wrong.status, JSON.stringify(wrong.body)).to.equal(401);
      expect(wrong.body).to.include({ code: 'invalid_credentials', field: 'password' });
      expect((await api(base, 'POST', '/api/auth/factors/totp/remove', { token, body: { password } })).status).to.equal(200);
      expect((await logIn('gus')).body.token, 'no factor left').to.be.a('string');
      const options = await api(base, 'POST', '/api/auth/factors/passkeys/options', { token });
      expect(options.status).to.equal(409);
      expect(options.body.code).to.equal('passkeys_unavailable');
    });
  });
}
