/**
 * Bans on a network of two Gatehouse instances, each with its own embedded
 * game server (its own ban files), on one PostgreSQL: a bot banned through
 * one instance is refused at the other's door with the reason; a ban made
 * while the other was stopped holds there once it starts; a lift lets the
 * bot into both.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import { joinBot, leave, refusedJoin } from '../helpers/bots.js';
import { api, type TestGatehouse, temporaryDirectory } from '../helpers/gatehouse.js';
import { ownEmbeddedGame, startNetworkInstance } from '../helpers/network.js';
import { requirePostgres, type ThrowawayPostgres, uniquePrefix } from '../helpers/postgres.js';

const serviceToken = 'network-bans-service-token-0123456789abcdef';

describe('bans on a network of two instances with embedded game servers (bots)', function () {
  this.timeout(120_000);
  let postgres: ThrowawayPostgres;
  let directory: string;
  let prefix: string;
  let first: TestGatehouse | undefined;
  let second: TestGatehouse | undefined;
  const start = (server: string) => startNetworkInstance({ directory, postgres, prefix }, server, (config) => void (config.token = serviceToken));
  const ban = (username: string, reason: string) => api(first!.baseUrl, 'POST', '/api/moderation/bans', { token: serviceToken, body: { username, reason } });
  const port = (instance: TestGatehouse | undefined) => ownEmbeddedGame(instance!).port;
  /** A bot on the first server, banned while there (removed at once). */
  const banOnFirst = async (name: string, reason: string) => {
    const bot = await joinBot(port(first), name);
    const removed = new Promise<string>((resolve) => bot.once('kicked', (why: unknown) => resolve(JSON.stringify(why))));
    const banned = await ban(name, reason);
    expect(banned.status, JSON.stringify(banned.body)).to.equal(201);
    expect(await removed).to.contain(reason);
    return banned.body.record.id as number;
  };

  before(async function () {
    postgres = await requirePostgres(this);
    prefix = uniquePrefix('netbans');
    directory = await temporaryDirectory('gatehouse-network-bans-');
    first = await start('alpha');
    second = await start('beta');
  });
  after(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('a ban made through one instance refuses the bot at the other with the reason', async () => {
    await banOnFirst('Roamer', 'x-ray on alpha');
    expect(await refusedJoin(port(first), 'Roamer')).to.contain('x-ray on alpha');
    // The other instance puts it on its game's list when the notice comes: asked until it refuses.
    let refusal = '';
    for (let tries = 0; tries < 10 && !refusal; tries += 1) {
      refusal = await refusedJoin(port(second), 'Roamer').catch(() => '');
    }
    expect(refusal).to.contain('x-ray on alpha');
  });

  it('a ban made while the other instance was stopped holds there once it starts; a lift lets the bot into both', async () => {
    await second!.stop();
    second = undefined;
    const id = await banOnFirst('Sleeper', 'griefing while beta slept');
    second = await start('beta');
    expect(await refusedJoin(port(second), 'Sleeper')).to.contain('griefing while beta slept');
    const lifted = await api(second.baseUrl, 'POST', `/api/moderation/bans/${id}/lift`, { token: serviceToken, body: {} });
    expect(lifted.status).to.equal(200);
    await leave(await joinBot(port(second), 'Sleeper'));
    let admitted = false;
    for (let tries = 0; tries < 10 && !admitted; tries += 1) {
      admitted = await joinBot(port(first), 'Sleeper')
        .then(leave)
        .then(
          () => true,
          () => false,
        );
    }
    expect(admitted, 'let into the first server too').to.equal(true);
  });
});
