/**
 * Changes made on a network while the database fails: two Gatehouse
 * instances, each with its own embedded game server, on a throwaway
 * PostgreSQL of their own. A change is made on every server or on none, and
 * afterwards both games agree with the network's record (the whitelist's
 * players as `network_retained` keeps them, the settings as their row keeps
 * them):
 *
 * - a whitelist add and remove sent while PostgreSQL is stopped;
 * - a whitelist add and a settings change whose notice to the others cannot
 *   be written (the connection cut at that very statement, by a trigger);
 * - settings recorded with no notice the recording instance heard back (its
 *   answer lost with its connection), brought to every game when the
 *   instances listen again after a database restart;
 * - 200 requests a second on both instances (whitelist adds among them) while
 *   PostgreSQL is restarted for 2.7 s, as the defect was first seen: whatever
 *   each add was answered (200, 503, or an answer lost), both games agree
 *   with the record afterwards, and every add answered 200 is in it.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import mc from 'minecraft-protocol';
import { eventually } from '../helpers/bots.js';
import { api, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { ownEmbeddedGame, startNetworkInstance } from '../helpers/network.js';
import { requirePostgres, uniquePrefix, type ThrowawayPostgres } from '../helpers/postgres.js';

const serviceToken = 'outage-changes-service-token-0123456789abcdef';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The settings of both instances' config.yml. */
const configured = { maxPlayers: 20, serverName: 'A network' };

interface Instance {
  server: TestGatehouse;
  /** The instance's info lines: "network: listening again" says its listening connection is back. */
  infos: string[];
}

describe('a change made on a network while the database fails is made on every server or on none', function () {
  let postgres: ThrowawayPostgres;
  let prefix: string;
  let directory: string;
  let survival: Instance;
  let creative: Instance;

  const start = async (server: string): Promise<Instance> => {
    const infos: string[] = [];
    const started = await startNetworkInstance(
      { directory, postgres, prefix },
      server,
      (config) => {
        config.token = serviceToken;
        config.settings.maxPlayers = configured.maxPlayers;
        config.settings.serverName = configured.serverName;
      },
      { onInfo: (line) => infos.push(line) },
    );
    return { server: started, infos };
  };
  const admin = (instance: Instance, method: string, urlPath: string, body?: unknown) => api(instance.server.baseUrl, method, urlPath, { token: serviceToken, body });
  const sql = async <R>(text: string, params: unknown[] = []): Promise<R[]> => {
    const client = await postgres.client();
    try {
      return (await client.query(text, params)).rows as R[];
    } finally {
      await client.end();
    }
  };

  /** The network's whitelist record: each player's last add or remove, by lower-case name. */
  const whitelistRecord = async () =>
    Object.fromEntries(
      (await sql<{ key: string; payload: { add?: string } }>(`SELECT key, payload FROM ${prefix}network_retained WHERE topic = 'whitelist' ORDER BY key`)).map((row) => [
        row.key,
        row.payload.add !== undefined ? 'add' : 'remove',
      ]),
    );
  /** The players on an instance's own game whitelist, lower case. */
  const gameWhitelist = async (instance: Instance) => (await ownEmbeddedGame(instance.server).require('whitelist').list()).map((player) => player.name.toLowerCase());
  /** For each of `players`: the network's record of them (add, remove, or none) and whether each game lists them. */
  const whitelistsOf = async (...players: string[]) => {
    const [record, onSurvival, onCreative] = await Promise.all([whitelistRecord(), gameWhitelist(survival), gameWhitelist(creative)]);
    return Object.fromEntries(
      players.map((player) => [player, { record: record[player] ?? 'none', survival: onSurvival.includes(player), creative: onCreative.includes(player) }]),
    );
  };
  /** Whether both games agree with the record on each player (one the record has not is on both or on neither). */
  const whitelistsAgree = (seen: Awaited<ReturnType<typeof whitelistsOf>>) =>
    Object.values(seen).every((player) => player.survival === player.creative && (player.record === 'none' || player.survival === (player.record === 'add')));

  /** A setting as stored (config.yml's when not overridden), as each instance has it live, and as each game shows it in its server-list ping. */
  const settingEverywhere = async (key: 'maxPlayers' | 'serverName') => {
    const [row] = await sql<{ overrides: Record<string, unknown> }>(`SELECT overrides FROM ${prefix}settings WHERE id = 1`);
    const live = async (instance: Instance) => (await admin(instance, 'GET', '/api/admin/settings')).body.settings?.[key] as unknown;
    const game = async (instance: Instance) => {
      const ping = (await mc.ping({ host: '127.0.0.1', port: ownEmbeddedGame(instance.server).port, version: '1.21.4' })) as { players: { max: number }; description: unknown };
      if (key === 'maxPlayers') return ping.players.max;
      return typeof ping.description === 'string' ? ping.description : (ping.description as { text?: string }).text;
    };
    return {
      record: row?.overrides[key] ?? configured[key],
      survival: { live: await live(survival), game: await game(survival) },
      creative: { live: await live(creative), game: await game(creative) },
    };
  };
  const everywhere = <V>(value: V) => ({ record: value, survival: { live: value, game: value }, creative: { live: value, game: value } });
  const agreeing = (seen: Awaited<ReturnType<typeof settingEverywhere>>) =>
    [seen.survival.live, seen.survival.game, seen.creative.live, seen.creative.game].every((value) => value === seen.record);

  /** Polls `look` (at most `ms`) until `settled` holds; returns the last look either way, for the assertions to show. */
  const settle = async <T>(look: () => Promise<T>, settled: (seen: T) => boolean, ms: number): Promise<T> => {
    const deadline = Date.now() + ms;
    let seen = await look();
    while (!settled(seen) && Date.now() < deadline) {
      await sleep(200);
      seen = await look();
    }
    return seen;
  };

  /** PostgreSQL stopped while `during` runs, then started; resolves once both instances listen again. */
  const withDatabaseStopped = async <T>(during: () => Promise<T>): Promise<T> => {
    const listenedBefore = [survival, creative].map((instance) => instance.infos.filter((line) => line.startsWith('network: listening again')).length);
    await postgres.stopServer('fast');
    let result: T;
    try {
      result = await during();
    } finally {
      await postgres.startServer();
    }
    await eventually(
      () =>
        [survival, creative].every((instance, index) => instance.infos.filter((line) => line.startsWith('network: listening again')).length > listenedBefore[index]!) || undefined,
      30_000,
      'both instances listening again',
    );
    return result;
  };

  /** Until `undo` runs, the statement that writes a notice of `topic` ends its own connection, as a database going away at that moment would. */
  const cutOffAtNotice = async (topic: string) => {
    await sql(`CREATE OR REPLACE FUNCTION ${prefix}test_cut_off() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_terminate_backend(pg_backend_pid()); RETURN NEW; END $$`);
    await sql(`CREATE TRIGGER ${prefix}test_cut_off BEFORE INSERT ON ${prefix}network_notices FOR EACH ROW
      WHEN (NEW.topic = '${topic}') EXECUTE FUNCTION ${prefix}test_cut_off()`);
    return async () => {
      await sql(`DROP TRIGGER ${prefix}test_cut_off ON ${prefix}network_notices`);
    };
  };

  before(async function () {
    this.timeout(120_000);
    postgres = await requirePostgres(this, { own: true });
    prefix = uniquePrefix('outchg');
    directory = await temporaryDirectory('gatehouse-outage-changes-');
    [survival, creative] = await Promise.all([start('survival'), start('creative')]);
  });
  after(async function () {
    this.timeout(60_000);
    await Promise.all([survival?.server.stop(), creative?.server.stop()]);
    await postgres?.dispose();
    await rm(directory, { recursive: true, force: true });
  });

  it('refuses a whitelist add and remove sent while PostgreSQL is stopped, and changes neither game', async function () {
    this.timeout(120_000);
    expect((await admin(creative, 'POST', '/api/whitelist/add', { username: 'Resident' })).status).to.equal(200);
    await eventually(async () => (await gameWhitelist(survival)).includes('resident') || undefined, 5000, 'Resident on survival');

    const [added, removed] = await withDatabaseStopped(async () => [
      await admin(survival, 'POST', '/api/whitelist/add', { username: 'Outsider' }),
      await admin(survival, 'POST', '/api/whitelist/remove', { username: 'Resident' }),
    ]);
    expect([added.status, added.body.code], JSON.stringify(added.body)).to.deep.equal([503, 'storage_failed']);
    expect([removed.status, removed.body.code], JSON.stringify(removed.body)).to.deep.equal([503, 'storage_failed']);

    const seen = await settle(() => whitelistsOf('resident', 'outsider'), whitelistsAgree, 10_000);
    expect(seen, "the network's record and each game's whitelist").to.deep.equal({
      resident: { record: 'add', survival: true, creative: true },
      outsider: { record: 'none', survival: false, creative: false },
    });
  });

  it('refuses a whitelist add whose notice cannot be written, and changes neither game', async function () {
    this.timeout(60_000);
    const undo = await cutOffAtNotice('whitelist');
    let answer: Awaited<ReturnType<typeof admin>>;
    try {
      answer = await admin(survival, 'POST', '/api/whitelist/add', { username: 'Stranger' });
    } finally {
      await undo();
    }
    expect([answer.status, answer.body.code], JSON.stringify(answer.body)).to.deep.equal([503, 'storage_failed']);
    // Long enough for a notice to reach the other instance, had one been sent.
    await sleep(2000);
    expect(await whitelistsOf('stranger'), "the network's record and each game's whitelist").to.deep.equal({ stranger: { record: 'none', survival: false, creative: false } });
  });

  it('refuses a settings change whose notice cannot be written, and changes neither game', async function () {
    this.timeout(60_000);
    const undo = await cutOffAtNotice('settings');
    let answer: Awaited<ReturnType<typeof admin>>;
    try {
      answer = await admin(survival, 'POST', '/api/admin/settings', { maxPlayers: 7 });
    } finally {
      await undo();
    }
    expect([answer.status, answer.body.code], JSON.stringify(answer.body)).to.deep.equal([503, 'storage_failed']);
    await sleep(2000);
    expect(await settingEverywhere('maxPlayers'), "the stored max players, each instance's and each game's").to.deep.equal(everywhere(20));
  });

  it('refuses a settings change sent while PostgreSQL is stopped, and changes neither game', async function () {
    this.timeout(120_000);
    const answer = await withDatabaseStopped(() => admin(creative, 'POST', '/api/admin/settings', { serverName: 'During the outage' }));
    expect([answer.status, answer.body.code], JSON.stringify(answer.body)).to.deep.equal([503, 'storage_failed']);
    const seen = await settle(() => settingEverywhere('serverName'), agreeing, 10_000);
    expect(seen, "the stored server name, each instance's and each game's").to.deep.equal(everywhere('A network'));
  });

  it('brings both games to settings recorded with a notice the recording instance never heard back, once they listen again', async function () {
    this.timeout(120_000);
    // What a change whose COMMIT answer was lost with its connection leaves: the row and the notice written, the
    // recording instance (survival) not knowing it; the notice is its own, which an instance does not apply to itself.
    await sql(`UPDATE ${prefix}settings SET overrides = (overrides::jsonb || '{"maxPlayers": 9}'::jsonb)::json WHERE id = 1`);
    await sql(`INSERT INTO ${prefix}network_notices (sender, topic, payload) VALUES ('survival', 'settings', '{"updated":["maxPlayers"]}')`);
    await withDatabaseStopped(() => sleep(500));
    const seen = await settle(() => settingEverywhere('maxPlayers'), agreeing, 10_000);
    expect(seen, "the stored max players, each instance's and each game's").to.deep.equal(everywhere(9));
  });

  it('keeps both games with the record through a 2.7 s restart under 200 requests a second', async function () {
    this.timeout(180_000);
    const instances = [survival, creative];
    const answers = new Map<string, number>();
    const reads: number[] = [];
    const pending: Array<Promise<unknown>> = [];
    const startedAt = Date.now();
    let restart: Promise<unknown> | undefined;
    // 1,200 requests at one every 5 ms: each fourth a whitelist add of a new player, the others reads; 6 s in all.
    for (let index = 0; index < 1200; index += 1) {
      if (index % 4 === 0) {
        // Adds sent to each instance in turn.
        const instance = instances[(index / 4) % 2]!;
        const player = `Storm${index / 4}`;
        pending.push(
          admin(instance, 'POST', '/api/whitelist/add', { username: player }).then(
            (answer) => answers.set(player.toLowerCase(), answer.status),
            () => answers.set(player.toLowerCase(), 0),
          ),
        );
      } else {
        pending.push(
          admin(instances[index % 2]!, 'GET', '/api/whitelist/check?username=Storm0').then(
            (answer) => reads.push(answer.status),
            () => reads.push(0),
          ),
        );
      }
      if (index === 300) restart = withDatabaseStopped(() => sleep(2700));
      await sleep(Math.max(0, startedAt + (index + 1) * 5 - Date.now()));
    }
    await Promise.all(pending);
    await restart;

    const players = [...answers.keys()];
    const seen = await settle(() => whitelistsOf(...players), whitelistsAgree, 20_000);
    const disagreeing = Object.entries(seen)
      .filter(([, player]) => !whitelistsAgree({ player }))
      .map(([name, player]) => `${name} (answered ${answers.get(name)}): record ${player.record}, survival ${player.survival}, creative ${player.creative}`);
    expect(disagreeing.length, `players whose games disagree with each other or with the record:\n${disagreeing.join('\n')}`).to.equal(0);
    const acknowledgedMissing = players.filter((player) => answers.get(player) === 200 && seen[player]!.record !== 'add');
    expect(acknowledgedMissing, 'adds answered 200 missing from the record').to.deep.equal([]);
    const statuses: Record<number, number> = {};
    for (const status of answers.values()) statuses[status] = (statuses[status] ?? 0) + 1;
    expect(Object.keys(statuses).sort(), `the adds' answers ${JSON.stringify(statuses)}`).to.deep.equal(['200', '503']);
    const recorded = players.filter((player) => seen[player]!.record === 'add').length;
    console.log(
      `      ${players.length} adds (${JSON.stringify(statuses)}), ${reads.length} reads over ${((Date.now() - startedAt) / 1000).toFixed(1)} s; ${recorded} recorded and on both games, ${players.length - recorded} on neither`,
    );
  });
});
