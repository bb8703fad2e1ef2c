import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { codeFor } from '../helpers/accounts.js';
import { chatLog, eventually, joinBot, leave, nextChat } from '../helpers/bots.js';
import { api, startTestGatehouse, temporaryDirectory } from '../helpers/gatehouse.js';
import { useGameSession } from '../helpers/game-session.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';
import { rm } from 'node:fs/promises';

const serviceToken = 'restart-test-token-for-tests-0123456789abcdef';
type BarEvent = { kind: 'created' | 'updated' | 'deleted'; title: string; progress: number };

/** The bars mineflayer keeps (missing from its type declarations). */
function barsOf(bot: Bot): Record<string, unknown> {
  return (bot as unknown as { bossBars: Record<string, unknown> }).bossBars;
}

/** Records what a bot sees of boss bars. */
function watchBossBars(bot: Bot): BarEvent[] {
  const events: BarEvent[] = [];
  const record = (kind: BarEvent['kind']) => (bar: { title: { toString(): string }; health: number }) => {
    events.push({ kind, title: String(bar.title), progress: bar.health });
  };
  bot.on('bossBarCreated', record('created'));
  bot.on('bossBarUpdated', record('updated'));
  bot.on('bossBarDeleted', record('deleted'));
  return events;
}

describe('restarts with a boss-bar countdown (mineflayer bots on the embedded server)', function () {
  const session = useGameSession(serviceToken);
  const { admin, join } = session;

  it('counts down on a boss bar with chat warnings, restarts the server, and lets players back in', async function () {
    const bot = await join('Waiter');
    const bars = watchBossBars(bot);
    const kicked = new Promise<string>((resolve) => bot.once('kicked', (reason: unknown) => resolve(JSON.stringify(reason))));
    // Generous: a loaded machine may be slow to show it, and the wait ends as soon as it is shown.
    const warned = nextChat(bot, /Server restarts in 2 seconds: Updating plugins/, 30_000);
    const back = new Promise<void>((resolve) => {
      const onConnection = ({ connected }: { connected: boolean }) => {
        if (!connected) return;
        session.server.gatehouse.game.events.off('connection', onConnection);
        resolve();
      };
      session.server.gatehouse.game.events.on('connection', onConnection);
    });

    // Bounds from the moments each request was sent and answered, not from how fast the machine is today.
    const requestedAt = Date.now();
    const response = await admin('POST', '/api/admin/restart', { delay: 4, reason: 'Updating plugins' });
    const answeredAt = Date.now();
    expect(response.status).to.equal(200);
    expect(response.body.success).to.equal(true);
    const restartAt = Date.parse(response.body.restartAt);
    expect(restartAt, 'four seconds after the request was taken').to.be.within(requestedAt + 4000, answeredAt + 4000);
    const askedAt = Date.now();
    const status = (await admin('GET', '/api/admin/restart')).body.restart;
    const toldAt = Date.now();
    expect(status).to.include({ reason: 'Updating plugins', requestedBy: 'service', delaySeconds: 4 });
    // Whole seconds left, rounded up, at a moment between the question and the answer.
    const secondsLeftAt = (moment: number) => Math.max(0, Math.ceil((restartAt - moment) / 1000));
    expect(status.secondsRemaining).to.be.within(secondsLeftAt(toldAt), Math.min(4, secondsLeftAt(askedAt)));

    await warned;
    expect(await kicked).to.contain('Updating plugins');
    const created = bars.find((event) => event.kind === 'created')!;
    expect(created.title).to.match(/Server restart in \ds - Updating plugins/);
    const progress = bars.map((event) => event.progress);
    expect(progress.length).to.be.at.least(3);
    for (let index = 1; index < progress.length; index += 1) expect(progress[index]).to.be.at.most(progress[index - 1]!);
    expect(progress.at(-1)).to.be.below(progress[0]!);

    // The game server comes back on the same port; the pending restart is gone.
    await back;
    await join('Waiter');
    expect((await admin('GET', '/api/admin/restart')).body.restart).to.equal(null);
    expect(session.server.gatehouse.game.isConnected()).to.equal(true);
  });

  it('shows the bar to players who join meanwhile, and a cancel removes it for everyone', async function () {
    const early = await join('Early');
    const earlyBars = watchBossBars(early);
    await admin('POST', '/api/admin/restart', { delay: 120 });
    await eventually(() => earlyBars.find((event) => event.kind === 'created'), 30_000, 'the bar for the early player');

    const late = await join('Late');
    const lateBars = watchBossBars(late);
    // The bar may arrive with the join itself; mineflayer keeps the bars it knows.
    await eventually(() => (Object.keys(barsOf(late)).length > 0 || lateBars.length > 0 ? true : undefined), 30_000, 'the bar for the late player');
    const cancelledNotice = nextChat(late, /restart was cancelled/, 30_000);

    const cancel = await admin('DELETE', '/api/admin/restart');
    expect(cancel.body).to.deep.equal({ success: true, message: 'Scheduled restart cancelled' });
    await cancelledNotice;
    await eventually(() => earlyBars.find((event) => event.kind === 'deleted'), 30_000, 'the bar gone for the early player');
    await eventually(() => (Object.keys(barsOf(late)).length === 0 ? true : undefined), 30_000, 'the bar gone for the late player');
    expect((await admin('GET', '/api/admin/restart')).body.restart).to.equal(null);
    expect(chatLog(early).some((line) => /Server restarts in/.test(line))).to.equal(false);
  });

  it('replaces a pending restart with a new request', async function () {
    await admin('POST', '/api/admin/restart', { delay: 3000, reason: 'first' });
    const second = await admin('POST', '/api/admin/restart', { delay: 6000, reason: 'second' });
    const status = (await admin('GET', '/api/admin/restart')).body.restart;
    expect(status).to.include({ reason: 'second', restartAt: second.body.restartAt });
    await admin('DELETE', '/api/admin/restart');
  });
});

describe('a pending restart survives a restart of Gatehouse', function () {
  it('is still scheduled, for the same time, after the API process starts again', async function () {
    const dataDirectory = await temporaryDirectory();
    try {
      const first = await startTestGatehouse((config) => (config.token = serviceToken), { dataDirectory });
      const scheduled = await api(first.baseUrl, 'POST', '/api/admin/restart', { token: serviceToken, body: { delay: 3600, reason: 'Nightly' } });
      await first.stop();

      const second = await startTestGatehouse((config) => (config.token = serviceToken), { dataDirectory });
      try {
        const status = (await api(second.baseUrl, 'GET', '/api/admin/restart', { token: serviceToken })).body.restart;
        expect(status).to.include({ restartAt: scheduled.body.restartAt, reason: 'Nightly' });
        expect(second.gatehouse.services.get('restarts').current()).to.not.equal(null);
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dataDirectory, { recursive: true, force: true });
    }
  });
});

describe('chat webhook events (a local receiver on 127.0.0.1)', function () {
  it('posts server start, joins, new accounts, announcements, restarts and leaves as embeds, and server stop', async function () {
    const receiver = await startWebhookReceiver();
    const server = await startTestGatehouse((config) => {
      config.token = serviceToken;
      config.settings.chat = { enabled: true, webhookUrl: receiver.url };
    });
    const admin = (method: string, urlPath: string, body?: unknown) => api(server.baseUrl, method, urlPath, { token: serviceToken, body });
    try {
      const bot = await joinBot((server.gatehouse.game as EmbeddedGameServer).port, 'Hooked');
      const code = await codeFor(server.gatehouse, 'Hooked');
      await api(server.baseUrl, 'POST', '/api/auth/register', { body: { username: 'hooked', password: 'secret1', email: 'h@example.com', code } });
      await admin('POST', '/api/admin/messages', { content: 'Webhook announcement' });
      await admin('POST', '/api/admin/restart', { delay: 600, reason: 'Maintenance' });
      await admin('DELETE', '/api/admin/restart');
      await leave(bot);
      const test = await admin('POST', '/api/admin/chat/test');
      expect(test.body).to.deep.equal({ success: true, message: 'Test message sent to the chat webhook' });
      await server.gatehouse.services.get('chatEvents').webhook.idle();
    } finally {
      await server.stop();
      await receiver.close();
    }
    const titles = receiver.received.map((post) => post.body.embeds[0].title);
    expect(titles.filter((title) => title !== 'Webhook test')).to.deep.equal([
      'Server started',
      'Player joined',
      'New web account',
      'Announcement',
      'Restart scheduled',
      'Restart cancelled',
      'Player left',
      'Server stopping',
    ]);
    for (const { body } of receiver.received) {
      const [embed] = body.embeds;
      expect(embed.title).to.be.a('string');
      expect(embed.timestamp).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      if (embed.title !== 'Webhook test') expect(embed.color).to.be.a('number');
    }
    const restart = receiver.received.find((post) => post.body.embeds[0].title === 'Restart scheduled')!.body.embeds[0];
    expect(restart.description).to.equal('Maintenance');
    expect(restart.fields.map((field: { name: string }) => field.name)).to.deep.equal(['At', 'In', 'By']);
    expect(receiver.received.find((post) => post.body.embeds[0].title === 'New web account')!.body.embeds[0].description).to.equal('Hooked created the web account hooked');
  });

  it('answers 500 with the reason when the webhook refuses the test message or cannot be reached', async function () {
    const refusing = await startWebhookReceiver(() => ({ status: 403, body: '{"message":"Missing Permissions"}' }));
    const server = await startTestGatehouse((config) => {
      config.token = serviceToken;
      config.settings.chat = { enabled: false, webhookUrl: refusing.url };
    });
    try {
      const refused = await api(server.baseUrl, 'POST', '/api/admin/chat/test', { token: serviceToken });
      expect(refused.status).to.equal(500);
      expect(refused.body).to.include({ success: false, code: 'webhook_failed' });
      // The status only: the webhook's answer is never echoed (it could be an internal service's page).
      expect(refused.body.error).to.match(/answered 403$/);
      expect(refused.body.error).to.not.match(/Missing Permissions/);
      await refusing.close();
      const unreachable = await api(server.baseUrl, 'POST', '/api/admin/chat/test', { token: serviceToken });
      expect(unreachable.status).to.equal(500);
      expect(unreachable.body.error).to.match(/cannot reach the webhook/);
    } finally {
      await server.stop();
    }
  });
});
