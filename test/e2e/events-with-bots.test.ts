import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { registeredUser } from '../helpers/accounts.js';
import { joinBot, leave } from '../helpers/bots.js';
import { readEvents, type TestEventReader } from '../helpers/event-stream.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';

const serviceToken = 'events-bots-service-token-0123456789abcdef';

describe('live events from the game: mineflayer bots join, buy, pay and leave on the embedded server', function () {
  let server: TestGatehouse;
  const bots: Bot[] = [];
  const readers: TestEventReader[] = [];
  before(async function () {
    server = await startTestGatehouse((config) => {
      config.token = serviceToken;
      config.settings.economy.startingBalance = 500;
    });
  });
  after(async function () {
    for (const reader of readers) reader.close();
    await Promise.all(bots.map((bot) => leave(bot)));
    await server.stop();
  });

  it('streams a join, a purchase and its delivery within a second each, to an admin and to the player, and the leave', async function () {
    const admin = readEvents(server.baseUrl, serviceToken);
    readers.push(admin);
    await admin.opened;
    const port = (server.gatehouse.game as EmbeddedGameServer).port;
    const joining = Date.now();
    const bot = await joinBot(port, 'Streamer');
    bots.push(bot);
    const joined = await admin.next((event) => event.type === 'player.joined' && event.data.player.name === 'Streamer');
    // From the moment the server saw the join (the event's timestamp) to the stream, and from the start of the bot's connection.
    expect(joined.at - Date.parse((joined.event as { timestamp: string }).timestamp), 'the join reached the stream').to.be.below(1000);
    expect(joined.at - joining).to.be.below(10_000);
    expect(joined.event.data).to.have.property('ipAddress');

    const token = await registeredUser(server.gatehouse, server.baseUrl, 'streamer_web', 'Streamer');
    const mine = readEvents(server.baseUrl, token);
    readers.push(mine);
    await mine.opened;
    const bought = Date.now();
    const purchase = await api(server.baseUrl, 'POST', '/api/shop/purchase', { token, body: { item: 'minecraft:bread', quantity: 2 } });
    expect(purchase.status, JSON.stringify(purchase.body)).to.equal(200);
    for (const reader of [admin, mine]) {
      const made = await reader.next((event) => event.type === 'purchase.made');
      const delivered = await reader.next((event) => event.type === 'purchase.delivered');
      const moved = await reader.next((event) => event.type === 'money.moved');
      expect(made.at - bought).to.be.below(1000);
      expect(delivered.at - bought).to.be.below(1000);
      expect(made.event.data).to.deep.include({ item: 'bread', quantity: 2, transactionId: purchase.body.purchase.transactionId });
      expect(delivered.event.data).to.deep.include({ item: 'bread', quantity: 2, given: 2, givenNow: 2, state: 'delivered' });
      expect(moved.event.data).to.deep.include({ type: 'PURCHASE', transactionId: purchase.body.purchase.transactionId });
    }
    // The player's stream has no address of theirs, nor anyone's join.
    expect(mine.types()).to.not.include('player.joined');

    await leave(bots.pop()!);
    const left = await admin.next((event) => event.type === 'player.left' && event.data.player.name === 'Streamer');
    expect(left.event).to.deep.include({ server: 'main' });
  });

  it("streams a /pay typed in game to both players' own streams, an admin's messages to whom they are for, and a restart scheduled and cancelled, within a second each", async function () {
    const port = (server.gatehouse.game as EmbeddedGameServer).port;
    const payer = await joinBot(port, 'Payer');
    const payee = await joinBot(port, 'Payee');
    bots.push(payer, payee);
    const payerStream = readEvents(server.baseUrl, await registeredUser(server.gatehouse, server.baseUrl, 'payer_web', 'Payer'));
    const payeeStream = readEvents(server.baseUrl, await registeredUser(server.gatehouse, server.baseUrl, 'payee_web', 'Payee'));
    const admin = readEvents(server.baseUrl, serviceToken);
    readers.push(payerStream, payeeStream, admin);
    await Promise.all([payerStream.opened, payeeStream.opened, admin.opened]);

    const paid = Date.now();
    payer.chat('/pay Payee 12.50');
    const sent = await payerStream.next((event) => event.type === 'money.moved');
    const received = await payeeStream.next((event) => event.type === 'money.moved');
    expect(sent.at - paid, 'the payer saw the payment').to.be.below(1000);
    expect(received.at - paid, 'the payee saw the payment').to.be.below(1000);
    expect(sent.event.data).to.deep.include({ type: 'TRANSFER', amount: -12.5, balance: 487.5 });
    expect(received.event.data).to.deep.include({ type: 'TRANSFER', amount: 12.5, balance: 512.5 });
    expect((received.event.data as { counterparty: { name: string } }).counterparty.name).to.equal('Payer');
    // Each side has its own record only; the admin sees both.
    expect(payerStream.received.filter((item) => item.event.type === 'money.moved')).to.have.length(1);
    await admin.next((event) => event.type === 'money.moved' && event.data.player.name === 'Payee');

    const asAdmin = (method: string, path: string, body?: unknown) => api(server.baseUrl, method, path, { token: serviceToken, body });
    const announced = Date.now();
    expect((await asAdmin('POST', '/api/admin/messages', { content: 'Market day tomorrow' })).status).to.equal(201);
    for (const stream of [payerStream, payeeStream]) {
      const announcement = await stream.next((event) => event.type === 'message.sent' && event.data.type === 'ANNOUNCEMENT');
      expect(announcement.at - announced).to.be.below(1000);
      expect(announcement.event.data).to.deep.include({ content: 'Market day tomorrow' });
    }
    expect((await asAdmin('POST', '/api/admin/messages/send', { username: 'Payee', message: 'Your parcel is here' })).status).to.equal(200);
    const direct = await payeeStream.next((event) => event.type === 'message.sent' && event.data.type === 'DIRECT');
    expect(direct.event.data).to.deep.include({ content: 'Your parcel is here', recipient: 'Payee' });
    await admin.next((event) => event.type === 'message.sent' && event.data.type === 'DIRECT');
    expect(
      payerStream.received.some((item) => item.event.type === 'message.sent' && item.event.data.type === 'DIRECT'),
      "the payer does not see the payee's message",
    ).to.equal(false);

    const scheduledAt = Date.now();
    expect((await asAdmin('POST', '/api/admin/restart', { delay: 600, reason: 'update' })).status).to.equal(200);
    const scheduled = await admin.next((event) => event.type === 'restart.scheduled');
    expect(scheduled.at - scheduledAt).to.be.below(1000);
    const cancelledAt = Date.now();
    expect((await asAdmin('DELETE', '/api/admin/restart')).status).to.equal(200);
    const cancelled = await admin.next((event) => event.type === 'restart.cancelled');
    expect(cancelled.at - cancelledAt).to.be.below(1000);
    // Players are not told of restarts through their stream (server:read is not theirs); the game's boss bar tells them.
    expect(payerStream.types()).to.not.include('restart.scheduled');

    await Promise.all([leave(bots.pop()!), leave(bots.pop()!)]);
    await admin.next((event) => event.type === 'player.left' && event.data.player.name === 'Payer');
    await admin.next((event) => event.type === 'player.left' && event.data.player.name === 'Payee');
  });
});
