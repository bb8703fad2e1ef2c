/**
 * The defects found by trying the running service as an attacker and as a
 * busy admin team would (issue "Hardening"), each reproduced over real HTTP.
 */
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { expect } from 'chai';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import mc from 'minecraft-protocol';
import { eventually } from '../helpers/bots.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';
import { registeredUser } from '../helpers/accounts.js';

const serviceToken = 'hardening-service-token-for-tests-0123456789abcdef';

/** A raw request, for methods fetch refuses to send (TRACE, CONNECT) and names it does not know. */
function rawRequest(baseUrl: string, method: string, urlPath: string): Promise<{ status: number; allow: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(baseUrl + urlPath, { method }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, allow: response.headers.allow, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('hardening: what an attacker or a busy admin team found', function () {
  let server: TestGatehouse;
  const admin = (method: string, urlPath: string, body?: unknown) => api(server.baseUrl, method, urlPath, { token: serviceToken, body });

  describe('on one running service', function () {
    before(async function () {
      server = await startTestGatehouse((config) => {
        config.token = serviceToken;
      });
    });
    after(async function () {
      await server.stop();
    });

    it('keeps every one of nine concurrent settings changes, each of a different key, in memory and in game', async function () {
      const changes = [
        { maxPlayers: 77 },
        { difficulty: 'hard' },
        { gameMode: 'creative' },
        { pvpEnabled: false },
        { serverName: 'All nine kept' },
        { whitelist: { autoApprove: true } },
        { notifications: { unregisteredInterval: 42 } },
        { chat: { enabled: true } },
        { economy: { currencySymbol: 'E' } },
      ];
      const answers = await Promise.all(changes.map((change) => admin('POST', '/api/admin/settings', change)));
      for (const [index, answer] of answers.entries()) expect(answer.status, JSON.stringify(changes[index])).to.equal(200);
      const { settings } = (await admin('GET', '/api/admin/settings')).body;
      expect(settings).to.deep.include({ maxPlayers: 77, difficulty: 'hard', gameMode: 'creative', pvpEnabled: false, serverName: 'All nine kept' });
      expect(settings.whitelist.autoApprove).to.equal(true);
      expect(settings.notifications.unregisteredInterval).to.equal(42);
      expect(settings.chat.enabled).to.equal(true);
      expect(settings.economy.currencySymbol).to.equal('E');
      const ping = (await mc.ping({ host: '127.0.0.1', port: (server.gatehouse.game as EmbeddedGameServer).port, version: '1.21.4' })) as {
        players: { max: number };
        description: unknown;
      };
      expect(ping.players.max, 'max players in game').to.equal(77);
      expect(JSON.stringify(ping.description)).to.contain('All nine kept');
    });

    it('answers 405 with Allow for any method name on a known path, and 404 on an unknown one, never 501', async function () {
      for (const method of ['TRACE', 'PROPFIND', 'LOCK', 'MKCOL', 'QUERY', 'PATCH', 'SEARCH', 'PURGE']) {
        const known = await rawRequest(server.baseUrl, method, '/api/auth/login');
        expect(known.status, `${method} on a known path`).to.equal(405);
        expect(known.allow).to.equal('POST');
        expect(JSON.parse(known.body)).to.include({ success: false, code: 'method_not_allowed' });
        const unknown = await rawRequest(server.baseUrl, method, '/api/no/such/path');
        expect(unknown.status, `${method} on an unknown path`).to.equal(404);
      }
    });

    it('refuses control characters and § in texts that reach the game, naming the field, and changes nothing', async function () {
      const before = (await admin('GET', '/api/admin/settings')).body.settings;
      for (const [change, field] of [
        [{ serverName: 'evil\u0007name' }, 'serverName'],
        [{ serverName: '§kobfuscated' }, 'serverName'],
        [{ economy: { currencySymbol: '\u001b[31m' } }, 'economy.currencySymbol'],
      ] as const) {
        const answer = await admin('POST', '/api/admin/settings', change);
        expect(answer.status, JSON.stringify(change)).to.equal(400);
        expect(answer.body.error).to.match(new RegExp(`^${field.replace('.', '\\.')} must not contain control characters`));
      }
      expect((await admin('GET', '/api/admin/settings')).body.settings).to.deep.equal(before);
      for (const body of [
        { username: 'Someone', message: 'bell\u0007' },
        { username: 'Someone', message: 'line\nbreak' },
      ]) {
        const answer = await admin('POST', '/api/admin/messages/send', body);
        expect(answer.status).to.equal(400);
        expect(answer.body.error).to.match(/^message must not contain control characters/);
      }
      expect((await admin('POST', '/api/admin/messages', { content: 'tab\there' })).status).to.equal(400);
      // & colour codes are how owners and admins colour text.
      expect((await admin('POST', '/api/admin/settings', { serverName: '&aGreen &lserver' })).status).to.equal(200);
    });

    it('refuses a webhook on loopback, private or link-local addresses when chat.allow-private-addresses is off', async function () {
      // This service allows them (the tests' receivers are on loopback): a second one with the default.
      const strict = await startTestGatehouse((config) => {
        config.token = serviceToken;
        config.chatAllowPrivateAddresses = false;
      });
      try {
        for (const url of [
          'http://127.0.0.1:9/hook',
          'http://10.0.0.5/hook',
          'http://169.254.169.254/latest/meta-data',
          'http://[::1]:8080/',
          'http://localhost/hook',
          'http://192.168.1.1/',
        ]) {
          const answer = await api(strict.baseUrl, 'POST', '/api/admin/settings', { token: serviceToken, body: { chat: { webhookUrl: url } } });
          expect(answer.status, url).to.equal(400);
          expect(answer.body.error).to.match(/^chat\.webhookUrl is refused/);
        }
        expect((await api(strict.baseUrl, 'GET', '/api/admin/settings', { token: serviceToken })).body.settings.chat.webhookUrl).to.equal('');
      } finally {
        await strict.stop();
      }
    });

    it('answers a look-alike username (the Kelvin sign for K) with the usual 401', async function () {
      await registeredUser(server.gatehouse, server.baseUrl, 'kit1', 'Kit1');
      const lookAlike = await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username: '\u212Ait1', password: 'password1' } });
      expect(lookAlike.status).to.equal(401);
      expect(lookAlike.body.code).to.equal('invalid_credentials');
      expect((await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username: 'KIT1', password: 'password1' } })).status).to.equal(200);
    });
  });

  it('keeps the API and settings.json in agreement after twenty concurrent changes of the same keys', async function () {
    server = await startTestGatehouse((config) => {
      config.token = serviceToken;
    });
    const { dataDirectory } = server;
    let stopped = false;
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => admin('POST', '/api/admin/settings', { serverName: `race-${index}`, maxPlayers: 100 + index })));
      expect(answers.every((answer) => answer.status === 200)).to.equal(true);
      const { settings } = (await admin('GET', '/api/admin/settings')).body;
      // Changes apply in the order they are taken: the last one wins everywhere.
      expect(settings.serverName).to.equal('race-19');
      expect(settings.maxPlayers).to.equal(119);
      await server.gatehouse.stop();
      stopped = true;
      const file = JSON.parse(await readFile(path.join(dataDirectory, 'settings.json'), 'utf8'));
      expect(file.overrides).to.deep.include({ serverName: settings.serverName, maxPlayers: settings.maxPlayers });
    } finally {
      if (!stopped) await server.gatehouse.stop();
      await server.stop().catch(() => undefined);
    }
  });

  it('closes connections that never send a byte, and refuses connections past the bound with a log line', async function () {
    this.timeout(30_000);
    server = await startTestGatehouse((config) => {
      config.http.idleTimeoutMs = 1000;
      config.http.maxConnections = 100;
    });
    const sockets: Socket[] = [];
    try {
      const closed = new Set<Socket>();
      for (let index = 0; index < 300; index += 1) {
        const socket = connect(server.gatehouse.apiPort, '127.0.0.1');
        socket.on('error', () => undefined);
        socket.on('close', () => closed.add(socket));
        sockets.push(socket);
      }
      await eventually(
        () => (server.errors.some((line) => /100 connections are open \(http\.max-connections\); refused/.test(line)) ? true : undefined),
        5000,
        'the log line about the bound',
      );
      // Past the idle timeout every silent socket is gone, and a normal client is served.
      await eventually(() => (closed.size === sockets.length ? true : undefined), 10_000, `all ${sockets.length} silent sockets closed`);
      const health = await api(server.baseUrl, 'GET', '/api/health');
      expect(health.status).to.equal(200);
    } finally {
      for (const socket of sockets) socket.destroy();
      await server.stop();
    }
  });

  it('answers a server-side failure while reading a body with a generic 500, logging the details', async function () {
    server = await startTestGatehouse();
    try {
      // The reader's own failure (file descriptors exhausted while loading a decoder, say) is not the client's.
      const iconv = createRequire(import.meta.url)('iconv-lite') as { getDecoder: (encoding: string) => unknown };
      const original = iconv.getDecoder;
      iconv.getDecoder = () => {
        throw Object.assign(new Error("EMFILE: too many open files, open '/srv/gatehouse/node_modules/iconv-lite/encodings/index.js'"), { code: 'EMFILE' });
      };
      let answer: Awaited<ReturnType<typeof api>> | undefined;
      try {
        answer = await api(server.baseUrl, 'POST', '/api/auth/login', {
          rawBody: '{"username":"a","password":"b"}',
          headers: { 'content-type': 'application/json; charset=latin1' },
        });
      } finally {
        iconv.getDecoder = original;
      }
      expect(answer!.status).to.equal(500);
      expect(answer.body).to.deep.equal({ success: false, error: 'Internal server error', code: 'internal_error' });
      expect(server.errors.join('\n')).to.match(/EMFILE/);
      // A client's broken body stays a 400, in a fixed sentence.
      const broken = await api(server.baseUrl, 'POST', '/api/auth/login', { rawBody: 'not gzip', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } });
      expect(broken.status).to.equal(400);
      expect(broken.body.error).to.equal('The request body could not be read (a broken compression stream, an unknown encoding or charset, or the client hung up)');
    } finally {
      await server.stop();
    }
  });

  it('keeps its data directory owner-only, tightening an existing one at start with a log line', async function () {
    const { chmod, mkdtemp } = await import('node:fs/promises');
    const os = await import('node:os');
    const directory = await mkdtemp(path.join(os.tmpdir(), 'gatehouse-modes-'));
    // Data an earlier version left readable by others.
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(directory, 'settings.json'), '{}');
    await chmod(directory, 0o755);
    const infos: string[] = [];
    server = await startTestGatehouse(undefined, { dataDirectory: directory, onInfo: (line) => infos.push(line) });
    try {
      expect((await stat(directory)).mode & 0o777).to.equal(0o700);
      expect(infos.join('\n')).to.match(/now owner-only \(0700\)/);
    } finally {
      await server.stop();
      const { rm } = await import('node:fs/promises');
      await rm(directory, { recursive: true, force: true });
    }
  });
});
