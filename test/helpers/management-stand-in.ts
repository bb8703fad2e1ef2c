/**
 * The stand-in vanilla server's Server Management Protocol (1.21.9+):
 * JSON-RPC 2.0 over a WebSocket, the upgrade refused with 401 without
 * `Authorization: Bearer <secret>`, methods named `minecraft:<path>` with
 * named or positional params, and notifications without an id, in the
 * shapes vanilla 1.21.9's Server Management Protocol documents.
 */
import { createServer, type Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import type { StandInBans } from './stand-in-bans.js';

export interface ManagedPlayer {
  id: string;
  name: string;
}

/** What the server answers with, read at each call. */
export interface ManagedServer {
  operators(): ManagedPlayer[];
  allowlist(): ManagedPlayer[];
  players(): ManagedPlayer[];
  useAllowlist(): boolean;
  setMotd(message: string): void;
  setMaxPlayers(max: number): void;
  bans: StandInBans;
  disconnect(name: string, reason: string): void;
  /** The names of the players online (the stand-in joins every player from 127.0.0.1). */
  playersFrom(): string[];
}

export class ManagementStandIn {
  readonly calls: string[] = [];
  private readonly http: Server;
  private readonly sockets = new WebSocketServer({ noServer: true });

  private constructor(
    private readonly secret: string,
    private readonly server: ManagedServer,
  ) {
    this.http = createServer((_request, response) => response.writeHead(426).end());
    this.http.on('upgrade', (request, socket, head) => {
      if (request.headers.authorization !== `Bearer ${this.secret}`) {
        socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      this.sockets.handleUpgrade(request, socket, head, (client) => this.accept(client));
    });
  }

  static async start(secret: string, server: ManagedServer, port = 0): Promise<ManagementStandIn> {
    const standIn = new ManagementStandIn(secret, server);
    await new Promise<void>((resolve) => standIn.http.listen(port, '127.0.0.1', resolve));
    return standIn;
  }

  get port(): number {
    return (this.http.address() as { port: number }).port;
  }

  get url(): string {
    return `ws://127.0.0.1:${this.port}`;
  }

  /** `minecraft:notification/<path>` to every client, as the server sends it. */
  notify(path: string, params: Record<string, unknown>): void {
    const text = JSON.stringify({ jsonrpc: '2.0', method: `minecraft:notification/${path}`, params });
    for (const client of this.sockets.clients) client.send(text);
  }

  /** Drops every connection, as a server restart does. */
  disconnectAll(): void {
    for (const client of this.sockets.clients) client.terminate();
  }

  async stop(): Promise<void> {
    this.disconnectAll();
    this.http.closeAllConnections();
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }

  private accept(client: WebSocket): void {
    client.on('message', (data) => {
      const request = JSON.parse(String(data)) as { id: number; method: string; params?: Record<string, unknown> | unknown[] };
      this.calls.push(request.method);
      const param = (name: string) => (Array.isArray(request.params) ? request.params[0] : request.params?.[name]);
      const answer = (result: unknown) => client.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, result }));
      switch (request.method) {
        case 'minecraft:operators':
          return answer(this.server.operators().map((player) => ({ player, permissionLevel: 4, bypassesPlayerLimit: false })));
        case 'minecraft:allowlist':
          return answer(this.server.allowlist());
        case 'minecraft:players':
          return answer(this.server.players());
        case 'minecraft:serversettings/use_allowlist':
          return answer(this.server.useAllowlist());
        case 'minecraft:serversettings/motd/set':
          this.server.setMotd(String(param('message')));
          return answer(param('message'));
        case 'minecraft:serversettings/max_players/set':
          this.server.setMaxPlayers(Number(param('max')));
          return answer(param('max'));
        case 'minecraft:bans':
          return answer(this.server.bans.wirePlayers());
        case 'minecraft:bans/add': {
          const added = this.server.bans.addPlayers(param('add') as Parameters<StandInBans['addPlayers']>[0]);
          for (const name of added) this.server.disconnect(name, 'You are banned from this server');
          return answer(this.server.bans.wirePlayers());
        }
        case 'minecraft:bans/remove':
          this.server.bans.removePlayers(param('remove') as Array<{ name?: string }>);
          return answer(this.server.bans.wirePlayers());
        case 'minecraft:ip_bans':
          return answer(this.server.bans.wireAddresses());
        case 'minecraft:ip_bans/add': {
          const bans = param('add') as Array<{ ip?: string }>;
          this.server.bans.addAddresses(bans);
          // Everyone of the stand-in joined from 127.0.0.1.
          if (bans.some((ban) => ban.ip === '127.0.0.1')) for (const name of this.server.playersFrom()) this.server.disconnect(name, 'You have been IP banned from this server');
          return answer(this.server.bans.wireAddresses());
        }
        case 'minecraft:ip_bans/remove':
          this.server.bans.removeAddresses(param('ip') as string[]);
          return answer(this.server.bans.wireAddresses());
        default:
          client.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, error: { code: -32601, message: `Method not found: ${request.method}` } }));
      }
    });
  }
}
