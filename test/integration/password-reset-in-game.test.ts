/**
 * A forgotten password, asked for in game on the adapters that are not the
 * embedded server (whose bots are in the portal's browser test): on Paper,
 * /resetpassword as plugin.yml declares it, through the real plugin jar in
 * the JVM harness; on vanilla, `/trigger resetpassword` over RCON, against
 * the stand-in server. The code the player reads sets a new password over
 * the API, and every session of the account ends.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import type { BridgeGameAdapter } from '../../src/game/bridge/adapter.js';
import { registeredUser } from '../helpers/accounts.js';
import { eventually } from '../helpers/bots.js';
import { api, startBridgeGatehouse, startTestGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { PaperHarness } from '../helpers/harness.js';
import { triggerEnabled, VanillaStandIn } from '../helpers/vanilla-stand-in.js';

const token = 'password-reset-in-game-token-0123456789abcdef';

/** The code in the reset text, and the link shown with it. */
function resetCodeIn(messages: string[]): string | undefined {
  const text = messages.map((message) => message.replace(/§./g, '')).find((message) => /password reset code/.test(message));
  return text && /password reset code: ([A-Z0-9]{8})/.exec(text)?.[1];
}

/** The account's password works, and the old one no more; its earlier session was ended. */
async function expectReset(server: TestGatehouse, code: string, username: string, oldPassword: string, earlierToken: string): Promise<void> {
  const reset = await api(server.baseUrl, 'POST', '/api/auth/password/reset', { body: { code, newPassword: 'found-again' } });
  expect(reset.status, JSON.stringify(reset.body)).to.equal(200);
  expect(reset.body.username).to.equal(username);
  expect((await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username, password: oldPassword } })).status).to.equal(401);
  expect((await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username, password: 'found-again' } })).status).to.equal(200);
  expect((await api(server.baseUrl, 'GET', '/api/auth/me', { token: earlierToken })).body.code).to.equal('session_ended');
}

describe('/resetpassword in game, then a new password over the API', function () {
  this.timeout(60_000);
  let directory: string;
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-reset-in-game-');
  });
  afterEach(async function () {
    await rm(directory, { recursive: true, force: true });
  });

  it('on Paper: the plugin jar declares /resetpassword and shows the code with its link', async function () {
    const server = await startBridgeGatehouse(token, 1000);
    const bridge = server.gatehouse.game as BridgeGameAdapter;
    const harness = await PaperHarness.start({ directory, config: PaperHarness.configFor(bridge.port, token) });
    try {
      await eventually(() => (bridge.isConnected() ? true : undefined), 10_000, 'the plugin to connect');
      const earlier = await harness.webAccount(server.baseUrl, 'Forgetter');
      await harness.request('command', { name: 'Forgetter', line: '/resetpassword' });
      const code = await eventually(async () => resetCodeIn((await harness.player('Forgetter')).messages ?? []), 5_000, 'the reset code');
      expect((await harness.player('Forgetter')).links).to.include(`${server.baseUrl}/forgot-password?code=${code}`);
      await expectReset(server, code, 'forgetter_web', 'password1', earlier);

      // A player without an account is told there is none, and how to make one.
      await harness.request('join', { name: 'Visitor' });
      await harness.request('command', { name: 'Visitor', line: '/resetpassword' });
      const told = await eventually(async () => (await harness.player('Visitor')).messages?.find((message) => /no web account/.test(message)), 5_000, 'the answer');
      expect(told.replace(/§./g, '')).to.contain('Type /register to get a code');
    } finally {
      expect(await harness.stopAndListOffMainThread(), 'Bukkit calls made off the main thread').to.deep.equal([]);
      await server.stop();
    }
  });

  it('on vanilla over RCON: /trigger resetpassword, enabled for every player at their join', async function () {
    const standIn = await VanillaStandIn.start({ password: 'rcon-secret', directory });
    const server = await startTestGatehouse((config) => standIn.connect(config));
    try {
      await standIn.join('Forgetter');
      await eventually(() => (triggerEnabled(standIn.players.get('forgetter'), 'resetpassword') ? true : undefined), 15_000, 'the trigger enabled');
      const earlier = await registeredUser(server.gatehouse, server.baseUrl, 'forgetful', 'Forgetter', 'lost-it');
      standIn.trigger('Forgetter', 'resetpassword');
      const code = await eventually(() => resetCodeIn(standIn.told.get('Forgetter') ?? []), 15_000, 'the reset code');
      expect(standIn.toldLinks.get('Forgetter')).to.include(`${server.baseUrl}/forgot-password?code=${code}`);
      await expectReset(server, code, 'forgetful', 'lost-it', earlier);

      await standIn.join('Visitor');
      await eventually(() => (triggerEnabled(standIn.players.get('visitor'), 'resetpassword') ? true : undefined), 15_000, 'the trigger enabled');
      standIn.trigger('Visitor', 'resetpassword');
      const told = await eventually(() => standIn.told.get('Visitor')?.find((message) => /no web account/.test(message)), 15_000, 'the answer');
      expect(told.replace(/§./g, ''), 'the command as vanilla players type it').to.contain('Type /trigger register to get a code');
    } finally {
      await server.stop();
      await standIn.stop();
    }
  });
});
