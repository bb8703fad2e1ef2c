import { expect } from 'chai';
import { PlayerNotOnlineError, PlayerOnOtherServerError, UnknownItemError, type Location, type PlayerRef, type TeleportResult } from '../../src/game/port.js';
import { NetworkGame } from '../../src/network/network-game.js';
import { StoreUnavailableError } from '../../src/store/postgres/errors.js';
import { FakeGame } from '../helpers/fake-game.js';
import { FakeInventories } from '../helpers/fake-inventories.js';
import { MemoryNetworkHub, type MemoryNetwork } from '../helpers/memory-network.js';

interface Server {
  fake: FakeGame;
  inventories: FakeInventories;
  told: Array<[string, string]>;
  broadcasts: string[];
  teleports: Array<[string, string | Location]>;
  whitelist: Set<string>;
  kicks: Array<[string, string]>;
  network: MemoryNetwork;
  game: NetworkGame;
}

async function server(hub: MemoryNetworkHub, id: string): Promise<Server> {
  const fake = new FakeGame();
  const online = (name: string) => fake.online.some((player) => player.name.toLowerCase() === name.toLowerCase());
  const inventories = new FakeInventories(online);
  const told: Array<[string, string]> = [];
  const broadcasts: string[] = [];
  const teleports: Array<[string, string | Location]> = [];
  const whitelist = new Set<string>();
  const here = (name: string) => {
    if (!online(name)) throw new PlayerNotOnlineError(name);
  };
  const result = (): TeleportResult => ({ from: { world: 'world', x: 0, y: 64, z: 0 }, to: { world: `${id}-world`, x: 1, y: 2, z: 3 } });
  fake.capabilities.inventories = inventories;
  fake.capabilities.messaging = {
    sendMessage: async (name, text) => {
      here(name);
      told.push([name, text]);
    },
    broadcast: async (text) => void broadcasts.push(text),
  };
  fake.capabilities.teleports = {
    worlds: async () => ['world'],
    worldInfo: async () => [],
    teleportToPlayer: async (name, target) => {
      here(name);
      if (!online(target)) throw new PlayerNotOnlineError(target, 'target');
      teleports.push([name, target]);
      return result();
    },
    teleportToLocation: async (name, location) => {
      here(name);
      teleports.push([name, location]);
      return result();
    },
  };
  fake.capabilities.whitelist = {
    isEnabled: async () => true,
    setEnabled: async () => undefined,
    isWhitelisted: async (name) => whitelist.has(name.toLowerCase()),
    list: async () => [...whitelist].map((name): PlayerRef => ({ name, uuid: '' })),
    add: async (name) => !whitelist.has(name.toLowerCase()) && Boolean(whitelist.add(name.toLowerCase())),
    remove: async (name) => whitelist.delete(name.toLowerCase()),
  };
  const kicks: Array<[string, string]> = [];
  fake.capabilities.moderation = {
    bans: async () => [],
    ban: async () => undefined,
    lift: async () => false,
    kick: async (name, message) => {
      here(name);
      kicks.push([name, message]);
      fake.quit(fake.online.find((player) => player.name.toLowerCase() === name.toLowerCase())!.name);
    },
  };
  const network = hub.join(id);
  const game = new NetworkGame(fake, network, () => undefined);
  await game.start();
  return { fake, inventories, told, broadcasts, teleports, whitelist, kicks, network, game };
}

describe('NetworkGame: a game port over several servers', function () {
  let hub: MemoryNetworkHub;
  let survival: Server;
  let creative: Server;
  beforeEach(async function () {
    hub = new MemoryNetworkHub();
    survival = await server(hub, 'survival');
    creative = await server(hub, 'creative');
    survival.fake.join('Steve', 'uuid-steve');
    creative.fake.join('Alex', 'uuid-alex');
    creative.fake.join('Notch', 'uuid-notch');
  });

  it('lists everyone on the network, each with their server', async function () {
    const everyone = await survival.game.onlinePlayers();
    expect(everyone.map((player) => [player.name, player.server])).to.deep.equal([
      ['Steve', 'survival'],
      ['Alex', 'creative'],
      ['Notch', 'creative'],
    ]);
  });

  it('carries a message, a teleport and an inventory change to the server the player is on, and does them here for its own players', async function () {
    await survival.game.require('messaging').sendMessage('alex', 'hello across');
    expect(creative.told).to.deep.equal([['alex', 'hello across']]);
    expect(survival.network.calls).to.deep.equal([['creative', 'messaging.sendMessage']]);
    await survival.game.require('messaging').sendMessage('Steve', 'hello here');
    expect(survival.told).to.deep.equal([['Steve', 'hello here']]);
    expect(survival.network.calls, 'no call for a player on this server').to.have.length(1);

    const moved = await survival.game.require('teleports').teleportToLocation('Alex', { world: 'world', x: 1, y: 2, z: 3 });
    expect(moved.to.world, 'the answer of the server that did it').to.equal('creative-world');
    expect(creative.teleports).to.deep.equal([['Alex', { world: 'world', x: 1, y: 2, z: 3 }]]);
    await survival.game.require('teleports').teleportToPlayer('Notch', 'Alex');
    expect(creative.teleports.at(-1)).to.deep.equal(['Notch', 'Alex']);

    expect(await survival.game.require('inventories').give('Alex', 'diamond', 3, { operationId: 'delivery-1-1' })).to.equal(3);
    expect(await survival.game.require('inventories').give('Alex', 'diamond', 3, { operationId: 'delivery-1-1' }), 'the operation id travels').to.equal(3);
    expect(creative.inventories.count('Alex', 'diamond')).to.equal(3);
    expect(await survival.game.require('inventories').read('Alex')).to.deep.equal([{ slot: 0, item: 'diamond', count: 3 }]);
    expect(await survival.game.require('inventories').remove('Alex', 'diamond', 2)).to.equal(2);
  });

  it('carries a kick to the server the player is on, and refuses one of a player on no server', async function () {
    await survival.game.require('moderation').kick('alex', 'Kicked: spamming');
    expect(creative.kicks).to.deep.equal([['alex', 'Kicked: spamming']]);
    expect(survival.kicks).to.deep.equal([]);
    await survival.game.require('moderation').kick('Steve', 'Kicked: here');
    expect(survival.kicks).to.deep.equal([['Steve', 'Kicked: here']]);
    const away = await survival.game
      .require('moderation')
      .kick('Ghost', 'anyone?')
      .catch((error: Error) => error);
    expect(away).to.be.instanceOf(PlayerNotOnlineError);
  });

  it("throws the other server's typed errors again, and says when a player is on no server or on another one", async function () {
    const unknown = await survival.game
      .require('inventories')
      .give('Alex', 'unobtainium', 1)
      .catch((error) => error);
    expect(unknown).to.be.instanceOf(UnknownItemError).and.include({ item: 'unobtainium' });
    const nobody = await survival.game
      .require('messaging')
      .sendMessage('Ghost', 'anyone?')
      .catch((error) => error);
    expect(nobody).to.be.instanceOf(PlayerNotOnlineError).and.include({ playerName: 'Ghost', role: 'player' });
    const apart = await survival.game
      .require('teleports')
      .teleportToPlayer('Steve', 'Alex')
      .catch((error) => error);
    expect(apart).to.be.instanceOf(PlayerOnOtherServerError).and.include({ playerName: 'Alex', server: 'creative' });
    expect(apart.message).to.equal('Alex is on another server of the network (creative)');
    const noTarget = await survival.game
      .require('teleports')
      .teleportToPlayer('Steve', 'Herobrine')
      .catch((error) => error);
    expect(noTarget).to.be.instanceOf(PlayerNotOnlineError).and.include({ role: 'target' });
  });

  it('broadcasts to every server, makes whitelist changes on every server, and counts an operator of any server', async function () {
    await creative.game.require('messaging').broadcast('network news');
    expect(creative.broadcasts).to.deep.equal(['network news']);
    expect(survival.broadcasts).to.deep.equal(['network news']);

    expect(await survival.game.require('whitelist').add('Visitor')).to.equal(true);
    expect([...survival.whitelist, ...creative.whitelist]).to.deep.equal(['visitor', 'visitor']);
    await creative.game.require('whitelist').remove('visitor');
    expect(survival.whitelist.size + creative.whitelist.size).to.equal(0);

    await creative.fake.operators.setOperator('Alex', true);
    expect(await survival.game.operators.isOperator('alex'), 'an operator on creative is one on survival').to.equal(true);
    expect(await survival.game.operators.isOperator('Steve')).to.equal(false);
    expect((await survival.game.operators.list()).map((player) => player.name)).to.deep.equal(['alex']);
  });

  it('makes a whitelist change or a broadcast the network cannot record on no server, and leaves the record and every whitelist agreeing', async function () {
    await survival.game.require('whitelist').add('Resident');
    survival.network.publishFailure = new StoreUnavailableError('PostgreSQL at 127.0.0.1:5432/gatehouse cannot be used: the database system is shutting down');
    const add = await survival.game
      .require('whitelist')
      .add('Outsider')
      .catch((error) => error);
    const remove = await survival.game
      .require('whitelist')
      .remove('Resident')
      .catch((error) => error);
    const broadcast = await survival.game
      .require('messaging')
      .broadcast('only here?')
      .catch((error) => error);
    expect([add, remove, broadcast].map((error) => error?.name)).to.deep.equal(['StoreUnavailableError', 'StoreUnavailableError', 'StoreUnavailableError']);
    const record = Object.fromEntries(
      ((await survival.network.retained('whitelist')) as Array<{ add?: string; remove?: string }>).map((change) => [
        (change.add ?? change.remove)!.toLowerCase(),
        change.add ? 'add' : 'remove',
      ]),
    );
    expect(record, "the network's record").to.deep.equal({ resident: 'add' });
    expect([...survival.whitelist].sort(), "survival's game").to.deep.equal(['resident']);
    expect([...creative.whitelist].sort(), "creative's game").to.deep.equal(['resident']);
    expect(survival.broadcasts, "survival's players").to.deep.equal([]);
    expect(creative.broadcasts, "creative's players").to.deep.equal([]);
  });

  it("answers a remove of a player not on this server's whitelist with no change, and changes no other server", async function () {
    // Whitelisted on creative's own (in its game, not through Gatehouse).
    creative.whitelist.add('hermit');
    expect(await survival.game.require('whitelist').remove('Hermit'), 'nothing to take off survival').to.equal(false);
    expect([...creative.whitelist], "creative's game").to.deep.equal(['hermit']);
    expect(await survival.network.retained('whitelist'), "the network's record").to.deep.equal([]);
  });

  it('runs a job named once on one instance at a time', async function () {
    let release!: () => void;
    const first = survival.network.exclusively('market drift', () => new Promise<string>((resolve) => (release = () => resolve('ran'))));
    expect(await creative.network.exclusively('market drift', async () => 'also ran')).to.equal(undefined);
    release();
    expect(await first).to.equal('ran');
    expect(await creative.network.exclusively('market drift', async () => 'now')).to.equal('now');
  });
});
