import { expect } from 'chai';
import { connectionLogPart } from '../../src/features/connections/store.js';
import type { Bot } from 'mineflayer';
import type { ChatMessage } from 'prismarine-chat';
import { runConsoleLine } from '../../src/console.js';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';
import { eventually, joinBot, leave, nextChat, refusedJoin, registrationCodeFor } from '../helpers/bots.js';

/** The addresses a chat component opens when clicked, as the client reads it. */
function linksOf(component: unknown): string[] {
  if (Array.isArray(component)) return component.flatMap(linksOf);
  if (typeof component !== 'object' || component === null) return [];
  const part = component as { clickEvent?: { action?: string; value?: string }; extra?: unknown[] };
  const own = part.clickEvent?.action === 'open_url' && part.clickEvent.value ? [part.clickEvent.value] : [];
  return [...own, ...linksOf(part.extra ?? [])];
}

describe('end to end: a player registers in game and uses the API (mineflayer on the embedded server)', function () {
  let server: TestGatehouse;
  let gamePort: number;
  const bots: Bot[] = [];

  before(async function () {
    server = await startTestGatehouse();
    gamePort = (server.gatehouse.game as EmbeddedGameServer).port;
  });
  afterEach(async function () {
    await Promise.all(bots.splice(0).map((bot) => leave(bot)));
  });
  after(async function () {
    await server.stop();
  });

  it('joins, types /register, registers with the code, logs in and reads /api/auth/me', async function () {
    const bot = await joinBot(gamePort, 'Alex');
    bots.push(bot);
    const shown = new Promise<ChatMessage>((resolve) => bot.on('message', (message) => (/registration code/.test(message.toString()) ? resolve(message) : undefined)));
    const code = await registrationCodeFor(bot);
    // The portal's address, a link the player clicks in chat to make the account with the code filled in.
    const message = await shown;
    expect(message.toString()).to.contain(`${server.baseUrl}/register`);
    expect(linksOf(message.json)).to.deep.equal([`${server.baseUrl}/register?code=${code}`]);

    const check = await api(server.baseUrl, 'POST', '/api/auth/verify-code', { body: { code } });
    expect(check.body).to.deep.equal({ success: true, valid: true, gameUsername: 'Alex' });

    const registered = await api(server.baseUrl, 'POST', '/api/auth/register', {
      body: { username: 'alex_web', password: 'hunter22', email: 'alex@example.com', code },
    });
    expect(registered.status).to.equal(201);
    expect(registered.body.success).to.equal(true);
    expect(registered.body.message).to.be.a('string');

    const login = await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username: 'alex_web', password: 'hunter22' } });
    expect(login.status).to.equal(200);
    expect(login.body).to.include({ success: true, username: 'alex_web', gameUsername: 'Alex', isAdmin: false });
    expect(login.body.token).to.be.a('string');

    const me = await api(server.baseUrl, 'GET', '/api/auth/me', { token: login.body.token });
    expect(me.status).to.equal(200);
    expect(me.body).to.include({ success: true, username: 'alex_web', gameUsername: 'Alex', email: 'alex@example.com', isAdmin: false });
    expect(me.body.isWhitelisted).to.equal(false);
    expect(me.body.createdAt).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(me.body).not.to.have.property('password');
    expect(me.body).not.to.have.property('passwordHash');

    // The code was used up, and /register now names the account instead of issuing a code.
    const reuse = await api(server.baseUrl, 'POST', '/api/auth/verify-code', { body: { code } });
    expect(reuse.body).to.deep.equal({ success: true, valid: false });
    const reminder = nextChat(bot, /already have a web account: ([A-Za-z0-9_.-]+?)\. /);
    bot.chat('/register');
    expect((await reminder)[1]).to.equal('alex_web');
  });

  it('gives an operator isAdmin: true, and takes it away at once on deop', async function () {
    const bot = await joinBot(gamePort, 'Opal');
    bots.push(bot);
    const code = await registrationCodeFor(bot);
    await api(server.baseUrl, 'POST', '/api/auth/register', { body: { username: 'opal', password: 'opal-pass', email: 'opal@example.com', code } });

    // The server owner types "op Opal" on the console of npm start.
    expect(await runConsoleLine(server.gatehouse, 'op Opal', () => undefined)).to.equal('Made Opal a server operator');
    const login = await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username: 'opal', password: 'opal-pass' } });
    expect(login.body.isAdmin).to.equal(true);
    expect((await api(server.baseUrl, 'GET', '/api/auth/me', { token: login.body.token })).body.isAdmin).to.equal(true);

    // An operator removes their own status in game.
    const confirmation = nextChat(bot, /no longer a server operator/);
    bot.chat('/deop Opal');
    await confirmation;
    expect((await api(server.baseUrl, 'GET', '/api/auth/me', { token: login.body.token })).body.isAdmin).to.equal(false);
  });

  it('writes connection log entries with the player address for join, leave and a refused login', async function () {
    const bot = await joinBot(gamePort, 'Logan');
    const reason = await refusedJoin(gamePort, 'logan');
    expect(reason).to.match(/already connected/);
    await leave(bot);
    await server.gatehouse.services.get('connectionLog').settled();

    const entries = await eventually(
      async () => {
        const recent = await server.gatehouse.store.part(connectionLogPart).recent({ limit: 10, equals: { username: 'logan' } });
        return recent.length >= 3 ? recent : undefined;
      },
      15_000,
      'three connection log entries',
    );
    const [logout, refused, login] = entries;
    expect(login).to.include({ username: 'Logan', action: 'LOGIN', ipAddress: '127.0.0.1', success: true });
    expect(refused).to.include({ username: 'logan', action: 'LOGIN', ipAddress: '127.0.0.1', success: false });
    expect(refused!.reason).to.match(/already connected/);
    expect(logout).to.include({ username: 'Logan', action: 'LOGOUT', ipAddress: '127.0.0.1', success: true });
    expect(logout!.id).to.be.greaterThan(login!.id);
  });
});
