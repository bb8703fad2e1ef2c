/**
 * What an instance of a network misses while it is not listening: two
 * Gatehouse instances, each with its own embedded game server (a real game
 * whitelist, in its data directory), on a throwaway PostgreSQL of their own.
 *
 * - One instance is stopped while the other changes the whitelist, then
 *   started again: its game's whitelist is the network's.
 * - PostgreSQL is stopped for 9 s and started again, and changes are made on
 *   one instance as soon as it serves again, while the other's listening
 *   connection is still waiting to be remade: the settings, the whitelist,
 *   an emptied cache and an announcement reach the other all the same.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import { eventually, joinBot, leave, nextChat } from '../helpers/bots.js';
import { api, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { requirePostgres, uniquePrefix, type ThrowawayPostgres } from '../helpers/postgres.js';
import { ownEmbeddedGame, startNetworkInstance } from '../helpers/network.js';

const serviceToken = 'catch-up-service-token-0123456789abcdef';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a network instance catches up on what it missed while it was not listening', function () {
  let postgres: ThrowawayPostgres;
  let prefix: string;
  let directory: string;
  let survival: TestGatehouse | undefined;
  let creative: TestGatehouse | undefined;
  let bot: Bot | undefined;

  const start = async (server: string) => {
    return startNetworkInstance({ directory, postgres, prefix }, server, (config) => {
      config.token = serviceToken;
    });
  };
  const admin = (server: TestGatehouse | undefined) => (method: string, urlPath: string, body?: unknown) => api(server!.baseUrl, method, urlPath, { token: serviceToken, body });
  const whitelisted = async (server: TestGatehouse | undefined, name: string) => {
    const answer = await admin(server)('GET', `/api/whitelist/check?username=${name}`);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return answer.body.whitelisted as boolean;
  };
  /** A request answered `status` (200), asked again while the store answers 503 (the database coming back). */
  const once200 = async (server: TestGatehouse | undefined, method: string, urlPath: string, body?: unknown, status = 200) =>
    eventually(
      async () => {
        const answer = await admin(server)(method, urlPath, body);
        if (answer.status === 503) return undefined;
        expect(answer.status, `${method} ${urlPath}: ${JSON.stringify(answer.body)}`).to.equal(status);
        return answer;
      },
      20_000,
      `${method} ${urlPath} served`,
    );

  before(async function () {
    this.timeout(120_000);
    postgres = await requirePostgres(this, { own: true });
    prefix = uniquePrefix('catchup');
    directory = await temporaryDirectory('gatehouse-catch-up-');
    [survival, creative] = await Promise.all([start('survival'), start('creative')]);
  });
  after(async function () {
    this.timeout(60_000);
    if (bot) await leave(bot);
    await Promise.all([survival?.stop(), creative?.stop()]);
    await postgres?.dispose();
    await rm(directory, { recursive: true, force: true });
  });

  it("brings a restarted instance's game whitelist to the network's: a player removed while it was down is not whitelisted there", async function () {
    this.timeout(120_000);
    await once200(creative, 'POST', '/api/whitelist/add', { username: 'Roamer' });
    await once200(creative, 'POST', '/api/whitelist/add', { username: 'Settler' });
    await eventually(async () => ((await whitelisted(survival, 'Roamer')) && (await whitelisted(survival, 'Settler')) ? true : undefined), 5000, 'both whitelisted on survival');

    await survival!.stop();
    survival = undefined;
    await once200(creative, 'POST', '/api/whitelist/remove', { username: 'Roamer' });
    await once200(creative, 'POST', '/api/whitelist/add', { username: 'Newcomer' });
    survival = await start('survival');

    expect(await whitelisted(survival, 'Roamer'), 'removed while survival was down').to.equal(false);
    expect(await whitelisted(survival, 'Newcomer'), 'added while survival was down').to.equal(true);
    expect(await whitelisted(survival, 'Settler'), 'untouched').to.equal(true);
  });

  it('delivers the settings, whitelist, cache and announcement made right after a 9 s database outage to the other instance', async function () {
    this.timeout(120_000);
    await once200(survival, 'GET', '/api/economy/market-prices');
    const marketCache = async () => (await admin(survival)('GET', '/api/cache/stats')).body.caches.find((cache: { name: string }) => cache.name === 'market prices').size as number;
    expect(await marketCache(), "survival's market prices cached").to.equal(1);
    bot = await joinBot(ownEmbeddedGame(survival!).port, 'Listener');

    await postgres.stopServer('fast');
    await sleep(9000);
    await postgres.startServer();
    // Made as soon as creative serves again: survival's listening connection is still waiting to be remade.
    await once200(creative, 'POST', '/api/admin/settings', { serverName: 'After the outage' });
    await once200(creative, 'POST', '/api/whitelist/add', { username: 'Latecomer' });
    await once200(creative, 'POST', '/api/whitelist/remove', { username: 'Settler' });
    await once200(creative, 'POST', '/api/cache/invalidate', { cache: 'market prices' });
    const heard = nextChat(bot, /Back after the outage/, 30_000);
    await once200(creative, 'POST', '/api/admin/messages', { content: 'Back after the outage' }, 201);

    await eventually(
      async () => ((await admin(survival)('GET', '/api/admin/settings')).body.settings?.serverName === 'After the outage' ? true : undefined),
      30_000,
      'the setting on survival',
    );
    await eventually(async () => ((await whitelisted(survival, 'Latecomer')) ? true : undefined), 30_000, 'Latecomer whitelisted on survival');
    await eventually(async () => (!(await whitelisted(survival, 'Settler')) ? true : undefined), 30_000, 'Settler off the whitelist on survival');
    await eventually(async () => ((await marketCache()) === 0 ? true : undefined), 30_000, "survival's market prices cache emptied");
    await heard;
  });
});
