/**
 * Reading vanilla's RCON replies and log lines, from samples of what vanilla
 * 1.21 answers and logs (its English language file, its log4j pattern).
 */
import { expect } from 'chai';
import { PlayerNotOnlineError, UnknownItemError, UnknownWorldError } from '../../src/game/errors.js';
import { parseLogLine } from '../../src/game/rcon/log-lines.js';
import {
  checkTeleport,
  itemsOf,
  parseClear,
  parseEntityData,
  parseEntityDataOfEach,
  parseGive,
  parseListUuids,
  parseOperatorChange,
  parseWhitelistChange,
  parseWhitelistList,
  UnexpectedReplyError,
  uuidOfInts,
} from '../../src/game/rcon/replies.js';
import { parseSnbt } from '../../src/game/rcon/snbt.js';
import { maxStackSize } from '../../src/game/rcon/stack-sizes.js';

describe('RCON replies and log lines', function () {
  it('reads `list uuids` with nobody, one player and several (the empty list keeps its trailing space)', function () {
    expect(parseListUuids('There are 0 of a max of 20 players online: ')).to.deep.equal({ online: 0, max: 20, players: [] });
    expect(parseListUuids('There are 1 of a max of 20 players online: Steve (069a79f4-44e9-4726-a5be-fca90e38aaf5)').players).to.deep.equal([
      { name: 'Steve', uuid: '069a79f4-44e9-4726-a5be-fca90e38aaf5' },
    ]);
    const many = parseListUuids(
      'There are 3 of a max of 100 players online: Steve (069a79f4-44e9-4726-a5be-fca90e38aaf5), Alex_2 (ec561538-f3fd-461d-aff5-086b22154bce), x (00000000-0000-3000-8000-000000000001)',
    );
    expect(many.players.map((player) => player.name)).to.deep.equal(['Steve', 'Alex_2', 'x']);
    expect(many.max).to.equal(100);
    expect(() => parseListUuids('Unknown or incomplete command. See below for errorlist uuids<--[HERE]')).to.throw(/answered "list"/);
  });

  it('reads SNBT: compounds in hash order, quoted keys, typed numbers, typed arrays, both kinds of quotes', function () {
    expect(parseSnbt('[100.5d, 64.0d, -19.5d]')).to.deep.equal([100.5, 64, -19.5]);
    expect(parseSnbt('"minecraft:overworld"')).to.equal('minecraft:overworld');
    expect(parseSnbt('[I; -1719469249, 1155090473, -1514348758, 245856993]')).to.deep.equal([-1719469249, 1155090473, -1514348758, 245856993]);
    expect(parseSnbt('{"minecraft:damage": 3, count: 1, flag: 1b, big: 5L, short: 2s, ratio: 0.5f}')).to.deep.equal({
      'minecraft:damage': 3,
      count: 1,
      flag: 1,
      big: 5,
      short: 2,
      ratio: 0.5,
    });
    expect(parseSnbt(`{name: 'He said "hi"', other: "it's \\"fine\\""}`)).to.deep.equal({ name: 'He said "hi"', other: 'it\'s "fine"' });
    expect(parseSnbt('[]')).to.deep.equal([]);
    expect(() => parseSnbt('{count: 1')).to.throw(/expected/);
  });

  it('reads inventories: components, enchantments, armour in Inventory (1.21 to 1.21.4) or in equipment (1.21.5+)', function () {
    const reply =
      'Steve has the following entity data: [{count: 64, Slot: 0b, id: "minecraft:diamond"}, {Slot: 1b, components: {"minecraft:damage": 3, "minecraft:enchantments": {levels: {"minecraft:sharpness": 5}}}, count: 1, id: "minecraft:iron_sword"}, {count: 1, Slot: 100b, id: "minecraft:iron_boots"}, {count: 1, Slot: -106b, id: "minecraft:shield"}, {Slot: 9b, id: "minecraft:written_book", count: 1, components: {"minecraft:written_book_content": {title: {raw: \'A "quoted" title\'}, author: "Steve"}}}]';
    const { name, data } = parseEntityData(reply, 'Steve');
    expect(name).to.equal('Steve');
    expect(itemsOf(data)).to.deep.equal([
      { slot: 0, item: 'diamond', count: 64 },
      { slot: 1, item: 'iron_sword', count: 1 },
      { slot: 9, item: 'written_book', count: 1 },
      { slot: 36, item: 'iron_boots', count: 1 },
      { slot: 40, item: 'shield', count: 1 },
    ]);
    const equipment = parseSnbt('{head: {count: 1, id: "minecraft:diamond_helmet"}, offhand: {count: 16, id: "minecraft:torch"}}');
    expect(itemsOf(parseSnbt('[{count: 3, Slot: 35b, id: "minecraft:stone"}]'), equipment)).to.deep.equal([
      { slot: 35, item: 'stone', count: 3 },
      { slot: 39, item: 'diamond_helmet', count: 1 },
      { slot: 40, item: 'torch', count: 16 },
    ]);
    expect(() => parseEntityData('No entity was found', 'Ghost')).to.throw(PlayerNotOnlineError);
  });

  it('splits the glued replies of `execute as @a run data get` by the names online, even names that begin alike or with digits', function () {
    const names = ['Alex', 'Alexander', '2b2t_fan'];
    const positions =
      'Alexander has the following entity data: [1.5d, 64.0d, -3.25d]Alex has the following entity data: [0.0d, 70.0d, 0.0d]2b2t_fan has the following entity data: [-1.0d, 5.0d, 9.0d]';
    expect([...parseEntityDataOfEach(positions, names)]).to.deep.equal([
      ['Alexander', [1.5, 64, -3.25]],
      ['Alex', [0, 70, 0]],
      ['2b2t_fan', [-1, 5, 9]],
    ]);
    const dimensions = 'Alex has the following entity data: "minecraft:the_nether"2b2t_fan has the following entity data: "minecraft:overworld"';
    expect(Object.fromEntries(parseEntityDataOfEach(dimensions, names))).to.deep.equal({ Alex: 'minecraft:the_nether', '2b2t_fan': 'minecraft:overworld' });
    expect(parseEntityDataOfEach('', names).size, 'nobody selected: no feedback at all').to.equal(0);
    // Someone who joined after the list was read is not guessed at.
    expect(() => parseEntityDataOfEach('Newcomer has the following entity data: [0.0d, 0.0d, 0.0d]', names)).to.throw(UnexpectedReplyError);
  });

  it('reads a UUID from its four ints', function () {
    // Steve's UUID, 069a79f4-44e9-4726-a5be-fca90e38aaf5, as NBT keeps it.
    expect(uuidOfInts([110787060, 1156138790, -1514210135, 238594805])).to.equal('069a79f4-44e9-4726-a5be-fca90e38aaf5');
    expect(uuidOfInts([0, 0, 0, 1])).to.equal('00000000-0000-0000-0000-000000000001');
  });

  it('reads give, clear, teleport, op and whitelist replies, and their refusals', function () {
    expect(parseGive('Gave 64 [Diamond] to Steve', 'Steve', 'diamond')).to.equal(64);
    expect(() => parseGive("Unknown item 'minecraft:foo'", 'Steve', 'foo')).to.throw(UnknownItemError);
    expect(() => parseGive('No player was found', 'Ghost', 'diamond')).to.throw(PlayerNotOnlineError);
    expect(parseClear('Removed 5 item(s) from player Steve', 'Steve', 'stone')).to.equal(5);
    expect(parseClear('No items were found on player Steve', 'Steve', 'stone')).to.equal(0);
    expect(() => checkTeleport('Teleported Steve to 100.500000, 64.000000, -19.500000', new PlayerNotOnlineError('Steve'))).to.not.throw();
    expect(() => checkTeleport('Teleported Steve to Alex', new PlayerNotOnlineError('Steve'))).to.not.throw();
    const target = new PlayerNotOnlineError('Alex', 'target');
    expect(() => checkTeleport('No entity was found', target)).to.throw(/Target player Alex is not online/);
    expect(() => checkTeleport("Unknown dimension 'minecraft:foo'", target)).to.throw(UnknownWorldError);
    expect(parseOperatorChange('Made Steve a server operator')).to.equal(true);
    expect(parseOperatorChange('Nothing changed. The player already is an operator')).to.equal(false);
    expect(parseOperatorChange('Made Steve no longer a server operator')).to.equal(true);
    expect(parseWhitelistChange('Added Steve to the whitelist')).to.equal(true);
    expect(parseWhitelistChange('Player is already whitelisted')).to.equal(false);
    expect(parseWhitelistChange('Player is not whitelisted')).to.equal(false);
    expect(parseWhitelistList('There are 2 whitelisted player(s): Steve, Alex')).to.deep.equal(['Steve', 'Alex']);
    expect(parseWhitelistList('There are no whitelisted players')).to.deep.equal([]);
    expect(() => parseWhitelistChange('That player does not exist')).to.throw(/answered "whitelist"/);
  });

  it('reads log lines of vanilla and of Paper: logins with addresses, joins, leaves, every refusal, the version', function () {
    expect(parseLogLine('[12:00:01] [Server thread/INFO]: Steve[/127.0.0.1:54321] logged in with entity id 243 at (100.5, 64.0, -19.5)')).to.deep.equal({
      kind: 'login',
      name: 'Steve',
      ipAddress: '127.0.0.1',
      location: { world: 'world', x: 100.5, y: 64, z: -19.5 },
    });
    expect(parseLogLine('[12:00:01 INFO]: Steve[/10.0.0.7:54321] logged in with entity id 243 at ([world_nether]1.5, 70.0, -2.5)')).to.deep.include({
      ipAddress: '10.0.0.7',
      location: { world: 'world_nether', x: 1.5, y: 70, z: -2.5 },
    });
    expect(parseLogLine('[12:00:01] [Server thread/INFO]: Steve[/127.0.0.1:1] logged in with entity id 2 at ([minecraft:the_end]1.0, 2.0, 3.0)')).to.deep.include({
      location: { world: 'world_the_end', x: 1, y: 2, z: 3 },
    });
    expect(parseLogLine('[12:00:01] [Server thread/INFO]: Steve[/[0:0:0:0:0:0:0:1]:54321] logged in with entity id 243 at (0.5, 64.0, 0.5)')).to.deep.include({
      ipAddress: '0:0:0:0:0:0:0:1',
    });
    expect(parseLogLine('[12:00:01] [Server thread/INFO]: Steve[IP hidden] logged in with entity id 243 at (0.5, 64.0, 0.5)')).to.deep.include({ ipAddress: 'IP hidden' });
    expect(parseLogLine('[12:00:01] [Server thread/INFO]: Steve joined the game')).to.deep.equal({ kind: 'joined', name: 'Steve' });
    expect(parseLogLine('[12:00:01] [Server thread/INFO]: Steve (formerly known as OldName) joined the game')).to.deep.equal({ kind: 'joined', name: 'Steve' });
    expect(parseLogLine('[12:00:01] [Server thread/INFO]: Steve left the game')).to.deep.equal({ kind: 'left', name: 'Steve' });
    expect(parseLogLine('[12:00:01] [Server thread/INFO]: Steve lost connection: Disconnected')).to.equal(undefined);
    for (const [reason, line] of [
      ['You are not white-listed on this server!', '[12:00:01] [Server thread/INFO]: Disconnecting Steve (/127.0.0.1:54321): You are not white-listed on this server!'],
      ['You are not whitelisted on this server!', '[12:00:01 INFO]: Disconnecting Steve (/127.0.0.1:54321): You are not whitelisted on this server!'],
      ['The server is full!', '[12:00:01] [Server thread/INFO]: Disconnecting Steve (/127.0.0.1:54321): The server is full!'],
      ['You are banned from this server.', '[12:00:01] [Server thread/INFO]: Disconnecting Steve (/127.0.0.1:54321): You are banned from this server.'],
    ] as const) {
      expect(parseLogLine(line)).to.deep.equal({ kind: 'refused', name: 'Steve', ipAddress: '127.0.0.1', reason });
    }
    expect(parseLogLine('[11:59:58] [Server thread/INFO]: Starting minecraft server version 1.21.9')).to.deep.equal({ kind: 'version', version: '1.21.9' });
    expect(parseLogLine('[12:00:01] [Server thread/INFO]: [Rcon: Teleported Steve to Alex]')).to.equal(undefined);
  });

  it('knows which items stack by 1, 16 and 64', function () {
    expect([maxStackSize('diamond_sword'), maxStackSize('minecraft:bow'), maxStackSize('water_bucket'), maxStackSize('iron_helmet')]).to.deep.equal([1, 1, 1, 1]);
    expect([maxStackSize('ender_pearl'), maxStackSize('bucket'), maxStackSize('oak_sign'), maxStackSize('snowball')]).to.deep.equal([16, 16, 16, 16]);
    expect([maxStackSize('diamond'), maxStackSize('cobblestone'), maxStackSize('minecraft:oak_log')]).to.deep.equal([64, 64, 64]);
  });
});
