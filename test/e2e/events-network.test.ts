/**
 * Live events on a network: two Gatehouse instances on one PostgreSQL
 * database, each with its own embedded game server. An event of one
 * server reaches the streams of the other, tagged with its server, once;
 * and a reconnect to either instance picks up from the shared log.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import { joinBot, leave } from '../helpers/bots.js';
import { readEvents, type TestEventReader } from '../helpers/event-stream.js';
import { api, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { ownEmbeddedGame, startNetworkInstance } from '../helpers/network.js';
import { requirePostgres, type ThrowawayPostgres, uniquePrefix } from '../helpers/postgres.js';

const serviceToken = 'events-network-service-token-0123456789';
/** An event's id; control events (gap, closing) have none. */
const idOf = (event: object): string | undefined => (event as { id?: string }).id;

describe("a network's event streams: two instances on one PostgreSQL, each streaming the other's events", function () {
  let postgres: ThrowawayPostgres;
  let directory: string;
  let survival: TestGatehouse;
  let creative: TestGatehouse;
  const bots: Bot[] = [];
  const readers: TestEventReader[] = [];

  before(async function () {
    this.timeout(120_000);
    postgres = await requirePostgres(this);
    directory = await temporaryDirectory('gatehouse-events-network-');
    const network = { directory, postgres, prefix: uniquePrefix('events_network') };
    const start = (server: string) =>
      startNetworkInstance(network, server, (config) => {
        config.token = serviceToken;
      });
    [survival, creative] = await Promise.all([start('survival'), start('creative')]);
  });
  after(async function () {
    for (const reader of readers) reader.close();
    await Promise.all(bots.map((bot) => leave(bot)));
    await Promise.all([survival?.stop(), creative?.stop()]);
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  const stream = (instance: TestGatehouse, lastEventId?: string) => {
    const reader = readEvents(instance.baseUrl, serviceToken, lastEventId === undefined ? {} : { lastEventId });
    readers.push(reader);
    return reader;
  };

  it("streams a join on survival to creative's stream within a second, tagged survival, once; and creative's events to survival's", async function () {
    this.timeout(60_000);
    const onSurvival = stream(survival);
    const onCreative = stream(creative);
    await Promise.all([onSurvival.opened, onCreative.opened]);

    const bot = await joinBot(ownEmbeddedGame(survival).port, 'Wanderer');
    bots.push(bot);
    const joinedHere = await onSurvival.next((event) => event.type === 'player.joined' && event.data.player.name === 'Wanderer');
    const joinedThere = await onCreative.next((event) => event.type === 'player.joined' && event.data.player.name === 'Wanderer');
    expect(joinedThere.event).to.deep.include({ server: 'survival', id: idOf(joinedHere.event) });
    const written = Date.parse((joinedThere.event as { timestamp: string }).timestamp);
    expect(joinedThere.at - written, 'from the join on survival to the stream on creative').to.be.below(1000);

    // An event on creative (an announcement made there) reaches survival's stream, tagged creative.
    expect((await api(creative.baseUrl, 'POST', '/api/admin/messages', { token: serviceToken, body: { content: 'Hello from creative' } })).status).to.equal(201);
    const announced = await onSurvival.next((event) => event.type === 'message.sent' && event.data.content === 'Hello from creative');
    expect(announced.event).to.deep.include({ server: 'creative' });

    await leave(bots.pop()!);
    await onCreative.next((event) => event.type === 'player.left' && event.data.player.name === 'Wanderer');
    await onSurvival.next((event) => event.type === 'player.left' && event.data.player.name === 'Wanderer');
    // Once each: no id twice on either stream, and both streams carry the same events in the same order.
    for (const reader of [onSurvival, onCreative]) {
      const ids = reader.received.map((item) => idOf(item.event)).filter((id) => id !== undefined);
      expect(new Set(ids).size, 'no event twice').to.equal(ids.length);
    }
    const sameKinds = (reader: TestEventReader) =>
      reader.received.filter((item) => item.event.type !== 'server.status').map((item) => `${idOf(item.event)} ${item.event.type} ${(item.event as { server?: string }).server}`);
    expect(sameKinds(onCreative)).to.deep.equal(sameKinds(onSurvival));
  });

  it("fans out a burst of 200 events from one instance to the other's stream in order, none lost or doubled, and measures the delay", async function () {
    this.timeout(60_000);
    const onSurvival = stream(survival);
    const onCreative = stream(creative);
    await Promise.all([onSurvival.opened, onCreative.opened]);
    const count = 200;
    // Published as the game would, straight on survival's journal: what is measured is the log, the notice and the read-back.
    const journal = survival.gatehouse.services.get('events');
    for (let index = 0; index < count; index += 1) {
      journal.publish('settings.changed', { keys: [`burst.${index}`] });
      if (index % 20 === 19) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const isBurst = (event: { type: string; data: unknown }) => event.type === 'settings.changed' && (event.data as { keys: string[] }).keys[0]!.startsWith('burst.');
    await onCreative.next((event) => isBurst(event) && (event.data as { keys: string[] }).keys[0] === `burst.${count - 1}`, 10_000);
    const there = onCreative.received.filter((item) => isBurst(item.event));
    expect(there.map((item) => (item.event.data as { keys: string[] }).keys[0])).to.deep.equal(Array.from({ length: count }, (_, index) => `burst.${index}`));
    const here = new Map(onSurvival.received.filter((item) => isBurst(item.event)).map((item) => [idOf(item.event), item.at]));
    const delays = there.map((item) => item.at - Date.parse((item.event as { timestamp: string }).timestamp)).sort((a, b) => a - b);
    const extra = there.map((item) => item.at - (here.get(idOf(item.event)) ?? Number.NaN)).sort((a, b) => a - b);
    const percentile = (values: number[], p: number) => values[Math.min(values.length - 1, Math.floor(values.length * p))]!;
    console.log(
      `      fan-out of ${count} events: publish to the other instance's stream p50 ${percentile(delays, 0.5)} ms, p99 ${percentile(delays, 0.99)} ms; later than the own instance's stream by p50 ${percentile(extra, 0.5)} ms, p99 ${percentile(extra, 0.99)} ms`,
    );
    expect(percentile(delays, 0.99), 'p99 from publish to the other instance').to.be.below(1000);
  });

  it("gives a stream that reconnects to the other instance, with the Last-Event-ID survival's stream gave, what it missed", async function () {
    this.timeout(30_000);
    const first = stream(survival);
    await first.opened;
    expect((await api(survival.baseUrl, 'POST', '/api/admin/messages', { token: serviceToken, body: { content: 'before the switch' } })).status).to.equal(201);
    const seen = await first.next((event) => event.type === 'message.sent' && event.data.content === 'before the switch');
    first.close();
    for (const content of ['missed one', 'missed two']) {
      expect((await api(survival.baseUrl, 'POST', '/api/admin/messages', { token: serviceToken, body: { content } })).status).to.equal(201);
    }
    const again = stream(creative, idOf(seen.event));
    await again.next((event) => event.type === 'message.sent' && event.data.content === 'missed two');
    const contents = again.received.filter((item) => item.event.type === 'message.sent').map((item) => (item.event.data as { content: string }).content);
    expect(contents).to.deep.equal(['missed one', 'missed two']);
    expect(again.types()).to.not.include('gap');
  });
});
