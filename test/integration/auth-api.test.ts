import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { registrationCodesPart } from '../../src/features/accounts/store.js';
import { offlinePlayerUuid } from '../../src/game/embedded/offline-uuid.js';
import { codeFor, registeredUser } from '../helpers/accounts.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';

const valid = { username: 'builder', password: 'secret1', email: 'builder@example.com' };

describe('account endpoints over HTTP', function () {
  let server: TestGatehouse;
  const post = (urlPath: string, body: unknown) => api(server.baseUrl, 'POST', urlPath, { body });

  before(async function () {
    server = await startTestGatehouse((config) => {
      config.token = 'service-secret-token-for-tests-0123456789abcdef';
    });
  });
  after(async function () {
    await server.stop();
  });

  describe('POST /api/auth/register', function () {
    for (const [field, body, message] of [
      ['username', { password: 'secret1', email: 'a@example.com', code: 'ABCDEFGH' }, /username is required/],
      ['password', { username: 'someone', email: 'a@example.com', code: 'ABCDEFGH' }, /password is required/],
      ['email', { username: 'someone', password: 'secret1', code: 'ABCDEFGH' }, /email is required/],
      ['code', { username: 'someone', password: 'secret1', email: 'a@example.com' }, /code is required/],
    ] as const) {
      it(`answers 400 naming the missing ${field}`, async function () {
        const response = await post('/api/auth/register', body);
        expect(response.status).to.equal(400);
        expect(response.body).to.include({ success: false });
        expect(response.body.error).to.match(message);
        expect(response.body.field, 'the field a form shows the error beside').to.equal(field);
      });
    }

    it('answers 400 for a weak password, an invalid e-mail, a bad username and wrong types', async function () {
      const code = await codeFor(server.gatehouse, 'Weakling');
      const cases: Array<[object, RegExp, string]> = [
        [{ ...valid, code, password: '12345' }, /password must be at least 6 characters/, 'password'],
        [{ ...valid, code, email: 'not-an-email' }, /email must be a valid e-mail address/, 'email'],
        [{ ...valid, code, username: 'ab' }, /username must be 3 to 32 characters/, 'username'],
        [{ ...valid, code, username: 'has space' }, /username must be 3 to 32 characters/, 'username'],
        [{ ...valid, code, username: 42 }, /username must be a string/, 'username'],
        [{ ...valid, code: ['x'] }, /code must be a string/, 'code'],
      ];
      for (const [body, message, field] of cases) {
        const response = await post('/api/auth/register', body);
        expect(response.status, JSON.stringify(body)).to.equal(400);
        expect(response.body.success).to.equal(false);
        expect(response.body.error).to.match(message);
        expect(response.body.field, JSON.stringify(body)).to.equal(field);
      }
      // Nothing was created, and the code still works.
      expect(await server.gatehouse.store.users.count()).to.equal(0);
      expect((await post('/api/auth/verify-code', { code })).body.valid).to.equal(true);
    });

    it('answers 400 for an unknown code and for an expired one', async function () {
      const unknown = await post('/api/auth/register', { ...valid, code: 'ZZZZZZZZ' });
      expect(unknown.status).to.equal(400);
      expect(unknown.body.error).to.match(/invalid or expired/i);

      await server.gatehouse.store.part(registrationCodesPart).replaceForPlayer({
        code: 'EXPRD234',
        gameUsername: 'Late',
        gameUuid: offlinePlayerUuid('Late'),
        createdAt: '2020-01-01T00:00:00.000Z',
        expiresAt: '2020-01-02T00:00:00.000Z',
      });
      const expired = await post('/api/auth/register', { ...valid, code: 'EXPRD234' });
      expect(expired.status).to.equal(400);
      expect(expired.body.error).to.match(/invalid or expired/i);
      expect((await post('/api/auth/verify-code', { code: 'EXPRD234' })).body).to.deep.equal({ success: true, valid: false });
    });

    it('accepts a code typed in lower case with spaces', async function () {
      const code = await codeFor(server.gatehouse, 'Typist');
      const typed = `${code.slice(0, 4).toLowerCase()} ${code.slice(4).toLowerCase()}`;
      const response = await post('/api/auth/register', { username: 'typist', password: 'secret1', email: 't@example.com', code: typed });
      expect(response.status).to.equal(201);
      // The account is linked to the player the code was given to, and the code is used up.
      const user = await server.gatehouse.store.users.findByUsername('typist');
      expect(user).to.deep.include({ gameUsername: 'Typist', gameUuid: offlinePlayerUuid('Typist'), email: 't@example.com' });
      expect(await server.gatehouse.store.part(registrationCodesPart).find(code), 'the code is used up').to.equal(undefined);
      const again = await post('/api/auth/register', { username: 'typist_two', password: 'secret1', email: 't2@example.com', code });
      expect(again.status, 'a used code registers nobody else').to.equal(400);
      const login = await post('/api/auth/login', { username: 'typist', password: 'secret1' });
      expect(login.body).to.deep.include({ success: true, username: 'typist', gameUsername: 'Typist' });
    });

    it('answers 409 for a username taken in any letter case', async function () {
      await registeredUser(server.gatehouse, server.baseUrl, 'Taken_Name', 'FirstOwner');
      const code = await codeFor(server.gatehouse, 'SecondOwner');
      const response = await post('/api/auth/register', { ...valid, username: 'taken_NAME', code });
      expect(response.status).to.equal(409);
      expect(response.body).to.include({ success: false });
      expect(response.body.error).to.match(/already exists/);
    });

    it('lets one of two concurrent registrations with the same code win and answers 409 to the other', async function () {
      const code = await codeFor(server.gatehouse, 'Racer');
      const [first, second] = await Promise.all([
        post('/api/auth/register', { username: 'racer_one', password: 'secret1', email: 'r1@example.com', code }),
        post('/api/auth/register', { username: 'racer_two', password: 'secret1', email: 'r2@example.com', code }),
      ]);
      expect([first.status, second.status].sort()).to.deep.equal([201, 409]);
      const loser = first.status === 409 ? first : second;
      expect(loser.body.error).to.match(/already has a web account/);
      expect(await server.gatehouse.store.users.findByGameUuid(offlinePlayerUuid('Racer'))).to.not.equal(undefined);
    });

    it('answers 413 for a body over the limit, 400 for malformed JSON, a non-object and another content type', async function () {
      const huge = await api(server.baseUrl, 'POST', '/api/auth/register', { body: { ...valid, code: 'x', padding: 'x'.repeat(70 * 1024) } });
      expect(huge.status).to.equal(413);
      expect(huge.body).to.include({ success: false });
      const malformed = await api(server.baseUrl, 'POST', '/api/auth/register', { rawBody: '{"username": ', headers: { 'content-type': 'application/json' } });
      expect(malformed.status).to.equal(400);
      expect(malformed.body.error).to.match(/Malformed JSON/);
      const array = await api(server.baseUrl, 'POST', '/api/auth/register', { body: [1, 2] });
      expect(array.status).to.equal(400);
      expect(array.body.error).to.match(/body must be an object/);
      const form = await api(server.baseUrl, 'POST', '/api/auth/register', { rawBody: 'username=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(form.status).to.equal(400);
      expect(form.body.error).to.match(/Content-Type must be application\/json/);
    });
  });

  describe('POST /api/auth/login', function () {
    before(async function () {
      await registeredUser(server.gatehouse, server.baseUrl, 'lucy', 'Lucy', 'lucy-password');
    });

    it('answers 400 for a missing username or password', async function () {
      for (const body of [{ password: 'x' }, { username: 'lucy' }, {}]) {
        const response = await post('/api/auth/login', body);
        expect(response.status).to.equal(400);
        expect(response.body.success).to.equal(false);
        expect(response.body.error).to.match(/(username|password) is required/);
      }
    });

    it('answers 401 for a wrong password and for an unknown user, with the same message', async function () {
      const wrong = await post('/api/auth/login', { username: 'lucy', password: 'nope-nope' });
      const unknown = await post('/api/auth/login', { username: 'nobody_here', password: 'nope-nope' });
      expect(wrong.status).to.equal(401);
      expect(unknown.status).to.equal(401);
      expect(wrong.body).to.deep.equal(unknown.body);
      expect(wrong.body).to.include({ success: false, error: 'Invalid username or password' });
    });

    it('logs in with the username in any letter case and records lastLogin', async function () {
      const response = await post('/api/auth/login', { username: 'LUCY', password: 'lucy-password' });
      expect(response.status).to.equal(200);
      expect(response.body).to.include({ success: true, username: 'lucy', gameUsername: 'Lucy', isAdmin: false });
      const stored = await server.gatehouse.store.users.findByUsername('lucy');
      expect(stored!.lastLogin).to.match(/Z$/);
    });
  });

  describe('GET /api/auth/me', function () {
    it('answers 401 without a token, with a malformed header and with an invalid token', async function () {
      const missing = await api(server.baseUrl, 'GET', '/api/auth/me');
      expect(missing.status).to.equal(401);
      expect(missing.body).to.include({ success: false });
      const malformed = await api(server.baseUrl, 'GET', '/api/auth/me', { headers: { authorization: 'Token abc' } });
      expect(malformed.status).to.equal(401);
      const garbage = await api(server.baseUrl, 'GET', '/api/auth/me', { token: 'not.a.jwt' });
      expect(garbage.status).to.equal(401);
      expect(garbage.body.error).to.match(/Invalid token/);
      const forged = jwt.sign({ sub: '1', username: 'x', gameUsername: 'x', isAdmin: true }, 'some other key', { expiresIn: 60 });
      expect((await api(server.baseUrl, 'GET', '/api/auth/me', { token: forged })).status).to.equal(401);
      const unsigned = jwt.sign({ sub: '1', username: 'x', gameUsername: 'x', isAdmin: true }, '', { algorithm: 'none' });
      expect((await api(server.baseUrl, 'GET', '/api/auth/me', { token: unsigned })).status).to.equal(401);
    });

    it('answers 403 saying the token expired for an expired token', async function () {
      const key = await server.gatehouse.store.keys.getOrCreate('jwt-signing', () => {
        throw new Error('the signing key should exist already');
      });
      const user = await server.gatehouse.store.users.findByUsername('lucy');
      const expired = jwt.sign({ sub: String(user!.id), username: 'lucy', gameUsername: 'Lucy', isAdmin: false, exp: Math.floor(Date.now() / 1000) - 10 }, key, {
        algorithm: 'HS256',
      });
      const response = await api(server.baseUrl, 'GET', '/api/auth/me', { token: expired });
      expect(response.status).to.equal(403);
      expect(response.body).to.include({ success: false });
      expect(response.body.error).to.match(/expired/i);
    });

    it('signs tokens that last 24 hours and carry the role', async function () {
      const login = await post('/api/auth/login', { username: 'lucy', password: 'lucy-password' });
      const claims = jwt.decode(login.body.token) as { iat: number; exp: number; role: string; isAdmin: boolean };
      expect(claims.exp - claims.iat).to.equal(24 * 3600);
      expect(claims).to.include({ role: 'player', isAdmin: false });
    });

    it('tells the service account it has no profile (403)', async function () {
      const response = await api(server.baseUrl, 'GET', '/api/auth/me', { token: 'service-secret-token-for-tests-0123456789abcdef' });
      expect(response.status).to.equal(403);
      expect(response.body.error).to.match(/service account/);
    });
  });

  describe('POST /api/auth/verify-code', function () {
    it('answers 400 for a missing code, valid:false for an unknown one, valid:true with the player for a good one', async function () {
      const missing = await post('/api/auth/verify-code', {});
      expect(missing.status).to.equal(400);
      expect(missing.body.error).to.match(/code is required/);
      expect((await post('/api/auth/verify-code', { code: 'QQQQQQQQ' })).body).to.deep.equal({ success: true, valid: false });
      const code = await codeFor(server.gatehouse, 'Verity');
      expect((await post('/api/auth/verify-code', { code })).body).to.deep.equal({ success: true, valid: true, gameUsername: 'Verity' });
    });

    it("replaces a player's earlier code when /register runs again", async function () {
      const first = await codeFor(server.gatehouse, 'Again');
      const second = await codeFor(server.gatehouse, 'Again');
      expect(first).to.not.equal(second);
      expect((await post('/api/auth/verify-code', { code: first })).body.valid).to.equal(false);
      expect((await post('/api/auth/verify-code', { code: second })).body.valid).to.equal(true);
    });
  });
});

describe('failed-attempt throttling', function () {
  let server: TestGatehouse;
  beforeEach(async function () {
    server = await startTestGatehouse();
  });
  afterEach(async function () {
    await server.stop();
  });

  it('answers 429 with Retry-After after 10 failed logins in 10 minutes, even with the right password', async function () {
    await registeredUser(server.gatehouse, server.baseUrl, 'victim', 'Victim', 'right-password');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username: 'victim', password: 'wrong-password' } });
      expect(response.status).to.equal(401);
    }
    const blocked = await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username: 'victim', password: 'right-password' } });
    expect(blocked.status).to.equal(429);
    expect(blocked.body).to.include({ success: false });
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).to.be.greaterThan(0).and.at.most(600);
  });

  it('answers 429 after 10 failed code checks from one address', async function () {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await api(server.baseUrl, 'POST', '/api/auth/verify-code', { body: { code: `WRONG${attempt}` } });
      expect(response.body.valid).to.equal(false);
    }
    const blocked = await api(server.baseUrl, 'POST', '/api/auth/verify-code', { body: { code: 'WRONGXX' } });
    expect(blocked.status).to.equal(429);
    expect(blocked.headers.get('retry-after')).to.match(/^\d+$/);
    const register = await api(server.baseUrl, 'POST', '/api/auth/register', { body: { ...valid, code: 'WRONGYY' } });
    expect(register.status).to.equal(429);
  });

  it('does not limit ordinary traffic', async function () {
    const token = await registeredUser(server.gatehouse, server.baseUrl, 'busy', 'Busy');
    const responses = await Promise.all(Array.from({ length: 60 }, () => api(server.baseUrl, 'GET', '/api/auth/me', { token })));
    expect(responses.every((response) => response.status === 200)).to.equal(true);
  });
});
