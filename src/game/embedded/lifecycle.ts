import type { EventEmitter } from 'node:events';
import path from 'node:path';
import type { GameEvents } from '../port.js';
import { compileProtocol, loadFlyingSquid, type SquidServer, type SquidWorld } from './flying-squid.js';

const gameVersion = '1.21.4';
import type { EmbeddedModule, RunningServer } from './module.js';
import { flushWorld } from './saves.js';
import type { LiveSettings } from './settings.js';

export interface LifecycleOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  viewDistance: number;
  /** world/ lives here. */
  dataDirectory: string;
  log: (message: string) => void;
}

/**
 * Starting, stopping and restarting flying-squid inside this process, with
 * the care it needs: no process-wide side effects, every module attached to
 * each new server, players saved before the server goes, and the timers
 * flying-squid's quit() leaves behind stopped.
 */
export class ServerLifecycle {
  /** The configured port, then the real one once known, so a restart reuses it. */
  private listenPort: number;

  constructor(
    private readonly options: LifecycleOptions,
    private readonly running: RunningServer,
    private readonly settings: LiveSettings,
    private readonly modules: readonly EmbeddedModule[],
    private readonly events: EventEmitter<GameEvents>,
  ) {
    this.listenPort = options.port;
  }

  /** The port players connect to (the real one when configured as 0). */
  get port(): number {
    const address = this.running.get()?._server.socketServer.address();
    return typeof address === 'object' && address ? address.port : this.listenPort;
  }

  async start(): Promise<void> {
    if (this.running.get()) return;
    for (const module of this.modules) await module.prepare?.();
    const serv = await this.listen();
    for (const module of this.modules) module.attach?.(serv);
    serv.on('newPlayer', (player) => {
      for (const module of this.modules) module.watchPlayer?.(player, serv);
    });
    this.running.set(serv);
    this.events.emit('connection', { connected: true });
  }

  async stop(kickReason = 'Server closed'): Promise<void> {
    const serv = this.running.get();
    if (!serv) return;
    this.running.set(undefined);
    // quit() does not wait for the saves it starts, nor stop the world's save timer.
    await Promise.allSettled(serv.players.map((player) => player.save()));
    await Promise.race([serv.quit(kickReason), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    // quit() leaves the 20 Hz tick loop running.
    serv.stopTickInterval();
    // With everyone gone and the tick stopped nothing changes the world any more: what changed since the last run of
    // the one-second save timer (a block broken, and paid for, just before) is saved now, or it would be lost.
    await saveWorld(serv.overworld, this.options.log);
    this.events.emit('connection', { connected: false });
  }

  /**
   * Restarts the game server inside this process: everyone is saved and
   * disconnected with the reason, the world is reloaded, and players can join
   * again on the same port.
   */
  async restart(reason: string): Promise<void> {
    const port = this.port;
    await this.stop(reason);
    this.listenPort = port;
    await this.start();
  }

  private async listen(): Promise<SquidServer> {
    const { createMCServer } = loadFlyingSquid();
    compileProtocol(gameVersion);
    const serv = createMCServer({
      ...this.settings.serverOptions(),
      host: this.options.host,
      port: this.listenPort,
      'online-mode': false,
      logging: false,
      noConsoleOutput: true,
      // A debug function also keeps flying-squid's error handler out: it would exit the process on any uncaught error.
      debug: () => undefined,
      hideErrors: true,
      validateChannelProtocol: false,
      worldFolder: path.join(this.options.dataDirectory, 'world'),
      generation: { name: 'superflat', options: { worldHeight: 80 } },
      kickTimeout: 10000,
      plugins: {},
      modpe: false,
      'view-distance': this.options.viewDistance,
      'player-list-text': { header: { text: 'Gatehouse' }, footer: { text: '' } },
      'everybody-op': false,
      // flying-squid's one cap counts players and dropped items too, and refuses by throwing; the limits are set apart
      // in entity-limits.ts and dropped-items.ts instead.
      'max-entities': Infinity,
      version: gameVersion,
    });
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => {
        serv.stopTickInterval?.();
        reject(new Error(`embedded game server cannot listen on ${this.options.host}:${this.listenPort}: ${error.message}`));
      };
      serv.once('error', onError);
      serv.once('ready', () => {
        serv.off('error', onError);
        serv.on('error', (error: Error) => this.options.log(`embedded game server: ${error.message}`));
        resolve();
      });
    });
    return serv;
  }
}

/** Stops the world's save timer and saves every chunk changed since its last run, waiting for the writes. */
async function saveWorld(world: SquidWorld, log: (message: string) => void): Promise<void> {
  world.stopSaving();
  try {
    await flushWorld(world);
  } catch (error) {
    log(`embedded game server: saving the world failed: ${(error as Error).message}`);
  }
}
