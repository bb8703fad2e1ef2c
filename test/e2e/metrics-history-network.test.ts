/**
 * The metrics history on a network: two Gatehouse instances on one
 * PostgreSQL database, each with its own embedded game. Each samples its own
 * server under its server.id (a bot on one shows on that one only), and the
 * history read through either instance holds both servers' series.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import { joinBot, leave } from '../helpers/bots.js';
import { api, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { ownEmbeddedGame, startNetworkInstance } from '../helpers/network.js';
import { requirePostgres, uniquePrefix, type ThrowawayPostgres } from '../helpers/postgres.js';

const serviceToken = 'metrics-network-service-token-for-tests-0123456789abcdef';

interface Series {
  server: string;
  at: string[];
  playersOnline: Array<number | null>;
}

describe('the metrics history on a network of servers', function () {
  let postgres: ThrowawayPostgres;
  let prefix: string;
  let directory: string;
  let survival: TestGatehouse;
  let creative: TestGatehouse;
  let bot: Bot | undefined;

  const start = (server: string) =>
    startNetworkInstance({ directory, postgres, prefix }, server, (config) => {
      config.token = serviceToken;
    });

  before(async function () {
    this.timeout(120_000);
    postgres = await requirePostgres(this);
    prefix = uniquePrefix('metrics_network');
    directory = await temporaryDirectory('gatehouse-metrics-network-');
    [survival, creative] = await Promise.all([start('survival'), start('creative')]);
  });
  after(async function () {
    if (bot) await leave(bot);
    await Promise.all([survival?.stop(), creative?.stop()]);
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it("shows every server's series through either instance, each server sampled by its own instance", async function () {
    bot = await joinBot(ownEmbeddedGame(creative).port, 'Creator');
    const sampled = await Promise.all([survival, creative].map((instance) => instance.gatehouse.services.get('metricsSampler').sampleNow()));
    expect(sampled.map((sample) => [sample.server, sample.playersOnline])).to.deep.equal([
      ['survival', 0],
      ['creative', 1],
    ]);
    for (const instance of [survival, creative]) {
      const answer = await api(instance.baseUrl, 'GET', '/api/admin/metrics/history?resolution=1m', { token: serviceToken });
      expect(answer.status).to.equal(200);
      const servers = answer.body.servers as Series[];
      expect(servers.map((series) => series.server)).to.deep.equal(['creative', 'survival']);
      const latest = (server: string) => ({ playersOnline: servers.find((series) => series.server === server)!.playersOnline.at(-1) });
      expect(latest('creative').playersOnline).to.equal(1);
      expect(latest('survival').playersOnline).to.equal(0);
    }
  });
});
