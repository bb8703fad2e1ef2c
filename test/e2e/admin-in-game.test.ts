import type { EventEmitter } from 'node:events';
import { expect } from 'chai';
import mc from 'minecraft-protocol';
import { registeredUser } from '../helpers/accounts.js';
import { chatLog, eventually, nextChat, refusedJoin } from '../helpers/bots.js';
import { useGameSession } from '../helpers/game-session.js';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';

const serviceToken = 'in-game-admin-token-for-tests-0123456789abcdef';

describe('admin in game: messages, settings, teleports (mineflayer bots on the embedded server)', function () {
  const session = useGameSession(serviceToken);
  const { admin, join } = session;

  describe('messages', function () {
    it('delivers a sent message to the player, and records it', async function () {
      const bot = await join('Receiver');
      const received = nextChat(bot, /Hello from the admin panel/);
      const response = await admin('POST', '/api/admin/messages/send', { username: 'receiver', message: 'Hello from the admin panel' });
      expect(response.status).to.equal(200);
      expect(response.body).to.deep.equal({ success: true, message: 'Message sent to receiver' });
      expect((await received).input).to.match(/\[service\]/);
      const [latest] = (await admin('GET', '/api/admin/messages')).body.messages;
      expect(latest).to.include({ type: 'DIRECT', content: 'Hello from the admin panel', recipient: 'receiver', sentBy: 'service', expiresAt: null });
    });

    it('broadcasts an announcement, shows it to players who join before it expires, and lists both kinds newest first', async function () {
      const online = await join('Listener');
      const heard = nextChat(online, /\[Announcement\] Event at eight/);
      const response = await admin('POST', '/api/admin/messages', { content: 'Event at eight', expiresAt: new Date(Date.now() + 3600_000).toISOString() });
      expect(response.status).to.equal(201);
      expect(response.body.announcement).to.include({ type: 'ANNOUNCEMENT', content: 'Event at eight', sentBy: 'service' });
      await heard;

      const latecomer = await join('Latecomer');
      await eventually(() => chatLog(latecomer).find((line) => /\[Announcement\] Event at eight/.test(line)), 5000, 'the announcement on join');

      const types = (await admin('GET', '/api/admin/messages')).body.messages.map((message: { type: string }) => message.type);
      expect(types.slice(0, 2)).to.deep.equal(['ANNOUNCEMENT', 'DIRECT']);
    });
  });

  describe('live settings', function () {
    it('applies the server name, max players and difficulty at once', async function () {
      const bot = await join('Observer');
      const difficulty = new Promise((resolve) => {
        bot._client.on('difficulty', (packet: { difficulty: unknown }) => resolve(packet.difficulty));
      });
      const response = await admin('POST', '/api/admin/settings', { serverName: 'Renamed by the API', maxPlayers: 7, difficulty: 'hard' });
      expect(response.body.appliedInGame).to.deep.equal(['serverName', 'maxPlayers', 'difficulty']);
      expect(await difficulty).to.equal('hard');
      const ping = (await mc.ping({ host: '127.0.0.1', port: session.gamePort, version: '1.21.4' })) as { players: { max: number }; description: unknown };
      expect(ping.players.max).to.equal(7);
      expect(JSON.stringify(ping.description)).to.contain('Renamed by the API');
    });

    it('turns PvP off and on for the next hit', async function () {
      const hitter = await join('Hitter');
      const victim = await join('Victim');
      await admin('POST', '/api/admin/teleport-coordinates', { player: 'Victim', world: 'world', x: 10.5, y: 5, z: 10.5 });
      await admin('POST', '/api/admin/teleport-coordinates', { player: 'Hitter', world: 'world', x: 11.5, y: 5, z: 10.5 });
      const victimEntity = await eventually(
        // Entity ids are the server's, the same for every client; a name is only known if the tab list came first.
        () => hitter.entities[victim.entity.id],
        5000,
        'the hitter to see the victim',
      );
      // Each hit the server handled, and whether it was called off: proof that the hits below reached it.
      const handled: boolean[] = [];
      const serverHitter = (session.server.gatehouse.game as EmbeddedGameServer).flyingSquid()!.players.find((player) => player.username === 'Hitter')!;
      (serverHitter as unknown as EventEmitter).on('attack_done', (_attack: unknown, cancelled: boolean) => handled.push(cancelled));
      const hit = async () => {
        for (let swing = 0; swing < 3; swing += 1) {
          hitter.attack(victimEntity);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      };
      expect((await admin('POST', '/api/admin/settings', { pvpEnabled: false })).body.appliedInGame).to.deep.equal(['pvpEnabled']);
      await hit();
      await eventually(() => (handled.length >= 3 ? true : undefined), 15_000, 'the server to handle the three hits');
      expect(handled, 'every hit called off').to.deep.equal([true, true, true]);
      expect(victim.health).to.equal(20);
      await admin('POST', '/api/admin/settings', { pvpEnabled: true });
      await hit();
      await eventually(() => (victim.health < 20 ? true : undefined), 15_000, 'the victim hurt');
    });

    it('turns the whitelist on and off for the next login', async function () {
      await admin('POST', '/api/admin/settings', { whitelist: { enabled: true } });
      expect(await refusedJoin(session.gamePort, 'Outsider')).to.match(/not white-listed/);
      await admin('POST', '/api/admin/settings', { whitelist: { enabled: false } });
      await join('Outsider');
    });

    it('reminds players without a web account to /register, and not those with one', async function () {
      await registeredUser(session.server.gatehouse, session.server.baseUrl, 'has_account', 'Registered');
      const newcomer = await join('Newcomer');
      await join('Registered');
      const reminder = nextChat(newcomer, /no web account yet/);
      expect(await session.server.gatehouse.services.get('reminders').remindDue()).to.deep.equal(['Newcomer']);
      expect((await reminder).input).to.match(/Type \/register to get a code/);
      expect(await session.server.gatehouse.services.get('reminders').remindDue(), 'not again within the interval').to.deep.equal([]);
    });
  });

  describe('teleports', function () {
    it('moves a player to coordinates with yaw and pitch, then to another player, who is told', async function () {
      const mover = await join('Mover');
      const target = await join('Target');
      const moved = new Promise<void>((resolve) => mover.once('forcedMove', () => resolve()));
      const coordinates = await admin('POST', '/api/admin/teleport-coordinates', { player: 'Mover', world: 'world', x: 100.5, y: 5, z: -40.5, yaw: 90, pitch: -30 });
      expect(coordinates.status).to.equal(200);
      expect(coordinates.body.location).to.deep.equal({ world: 'world', x: 100.5, y: 5, z: -40.5, yaw: 90, pitch: -30 });
      await moved;
      await eventually(() => (Math.abs(mover.entity.position.x - 100.5) < 0.01 && Math.abs(mover.entity.position.z + 40.5) < 0.01 ? true : undefined), 5000, 'the bot at x 100.5');
      // mineflayer keeps yaw in radians, measured the other way round from the game's degrees.
      await eventually(() => (Math.abs(mover.entity.pitch - (30 * Math.PI) / 180) < 0.01 ? true : undefined), 5000, 'the bot looking up 30 degrees');

      const notice = nextChat(target, /Mover was teleported to you/);
      const toPlayer = await admin('POST', '/api/teleport', { player: 'Mover', target: 'Target' });
      expect(toPlayer.status).to.equal(200);
      expect(toPlayer.body.location).to.have.keys(['world', 'x', 'y', 'z']);
      await notice;
      await eventually(() => (mover.entity.position.distanceTo(target.entity.position) < 0.5 ? true : undefined), 5000, 'the bot beside its target');

      const back = await admin('POST', '/api/admin/teleport-player', { player: 'Target', targetPlayer: 'Mover' });
      expect(back.body).to.include({ success: true });
      const recorded = (await admin('GET', '/api/admin/teleports')).body.teleports;
      expect(recorded.slice(0, 3).map((record: { player: string; target?: string }) => `${record.player}->${record.target ?? 'coordinates'}`)).to.deep.equal([
        'Target->Mover',
        'Mover->Target',
        'Mover->coordinates',
      ]);
      expect(recorded[2]).to.deep.include({ requestedBy: 'service', to: { world: 'world', x: 100.5, y: 5, z: -40.5, yaw: 90, pitch: -30 } });
    });

    it('moves a player between worlds and back', async function () {
      const traveller = await join('Traveller');
      const respawns: string[] = [];
      (traveller._client as unknown as NodeJS.EventEmitter).on('respawn', (packet: { worldState: { name: string } }) => respawns.push(packet.worldState.name));
      for (const [world, name] of [
        ['world_nether', 'minecraft:the_nether'],
        ['world_the_end', 'minecraft:the_end'],
        ['world', 'minecraft:overworld'],
      ] as const) {
        const response = await admin('POST', '/api/admin/teleport-coordinates', { player: 'Traveller', world, x: 8, y: 10, z: 8 });
        expect(response.status, world).to.equal(200);
        expect(response.body.location.world).to.equal(world);
        await eventually(() => (respawns.at(-1) === name ? true : undefined), 5000, `a respawn into ${name}`);
        const online = (await session.server.gatehouse.game.onlinePlayers()).find((player) => player.name === 'Traveller');
        expect(online!.location.world).to.equal(world);
      }
      // Still a live connection after three world changes.
      const echo = nextChat(traveller, /still here/);
      await admin('POST', '/api/admin/messages/send', { username: 'Traveller', message: 'still here' });
      await echo;
    });

    it('answers 404 for an unknown world or an offline player, and 400 for coordinates out of range or missing', async function () {
      await join('Stayer');
      const unknownWorld = await admin('POST', '/api/admin/teleport-coordinates', { player: 'Stayer', world: 'atlantis', x: 0, y: 64, z: 0 });
      expect(unknownWorld.status).to.equal(404);
      expect(unknownWorld.body.error).to.match(/World atlantis not found/);
      const offline = await admin('POST', '/api/teleport', { player: 'Stayer', target: 'Ghost' });
      expect(offline.status).to.equal(404);
      expect(offline.body.error).to.match(/Target player Ghost is not online/);
      expect((await admin('POST', '/api/admin/teleport-player', { player: 'Ghost', targetPlayer: 'Stayer' })).status).to.equal(404);
      const outOfRange: Array<[object, RegExp]> = [
        [{ x: 29_999_985, y: 64, z: 0 }, /x must be at most 29999984/],
        [{ x: 0, y: 64, z: -29_999_985 }, /z must be at least -29999984/],
        [{ x: 0, y: 320, z: 0 }, /y must be at most 319/],
        [{ x: 0, y: -65, z: 0 }, /y must be at least -64/],
        [{ x: 0, y: 64 }, /z is required/],
        [{ x: '0', y: 64, z: 0 }, /x must be a number/],
        [{ x: 0, y: 64, z: 0, pitch: 91 }, /pitch must be at most 90/],
      ];
      for (const [coordinates, message] of outOfRange) {
        const response = await admin('POST', '/api/admin/teleport-coordinates', { player: 'Stayer', world: 'world', ...coordinates });
        expect(response.status, JSON.stringify(coordinates)).to.equal(400);
        expect(response.body.error).to.match(message);
      }
      expect((await admin('POST', '/api/teleport', { player: 'Stayer' })).body.error).to.match(/target is required/);
    });
  });
});
