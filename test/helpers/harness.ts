import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { EventEmitter } from 'node:events';
import { createInterface } from 'node:readline';
import { harnessClasses, pluginJar, stubClasses } from '../../scripts/plugin-paths.js';
import type { GameEvents } from '../../src/game/port.js';
import { eventually } from './bots.js';
import { api } from './gatehouse.js';

const harnessClasspath = [harnessClasses, stubClasses].join(path.delimiter);

export interface HarnessOptions {
  /** A folder of its own: the harness's plugins/ folder. */
  directory: string;
  /** The plugin's config.yml, written before the server starts (omit to let the plugin write its default). */
  config?: string;
  /** Register a fake Vault with an economy. */
  vault?: boolean;
  /** Run main-thread tasks at the next 50 ms tick, as a real server does, instead of at once. */
  ticks?: boolean;
  /** A server without Paper's additions to the API (no getTPS), as Spigot runs the plugin. */
  spigot?: boolean;
  /** The server's own settings, by their server.properties names (motd, max-players, difficulty, gamemode, pvp, white-list). */
  serverProperties?: Record<string, string>;
}

export interface HarnessPlayerState {
  online: boolean;
  messages?: string[];
  /** The addresses of the links the player was shown. */
  links?: string[];
  location?: { world: string; x: number; y: number; z: number; yaw: number; pitch: number };
  gameMode?: string;
  /** What the player holds, as inventories.read lists it: vanilla slot numbers. */
  inventory?: Array<{ item: string; count: number; slot: number }>;
  bossBars?: string[];
  kickedWith?: string | null;
}

/**
 * Drives the JVM test harness (bridge/test/harness: a fake Paper server
 * running the real plugin jar) over its stdin/stdout control channel. Its log
 * (the plugin's and the forwarded sidecar's) is kept in `log`.
 */
export class PaperHarness {
  readonly log: string[] = [];
  readonly events: string[] = [];
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (value: any) => void; reject: (error: Error) => void }>();
  private exited: Promise<number | null>;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    createInterface({ input: child.stdout }).on('line', (line) => this.receive(line));
    createInterface({ input: child.stderr }).on('line', (line) => {
      this.log.push(line);
      if (process.env.HARNESS_LOG) console.error(`  harness| ${line}`);
    });
    // 'close', not 'exit': the last log lines are read by then.
    this.exited = new Promise((resolve) => child.once('close', (code) => resolve(code)));
    this.exited.then(() => {
      for (const { reject } of this.waiting.values()) reject(new Error(`the harness exited\n${this.log.slice(-20).join('\n')}`));
      this.waiting.clear();
    });
  }

  /** The harness JVM's heap limit: what the plugin reports as the game's maximum memory (performance.memory). */
  static readonly heapLimit = '-Xmx256m';

  /** The plugin's folder inside the harness's plugins/ folder. */
  static pluginFolder(directory: string): string {
    return path.join(directory, 'Gatehouse');
  }

  static async start(options: HarnessOptions): Promise<PaperHarness> {
    if (options.config !== undefined) {
      await mkdir(PaperHarness.pluginFolder(options.directory), { recursive: true });
      await writeFile(path.join(PaperHarness.pluginFolder(options.directory), 'config.yml'), options.config);
    }
    const args = ['-cp', harnessClasspath, 'dev.gatehouse.harness.Harness', '--plugin', pluginJar, '--data', options.directory];
    if (options.vault) args.push('--vault');
    if (options.ticks) args.push('--ticks');
    if (options.spigot) args.push('--spigot');
    for (const [key, value] of Object.entries(options.serverProperties ?? {})) args.push('--set', `${key}=${value}`);
    const child = spawn('java', [PaperHarness.heapLimit, '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', '-Xshare:auto', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    const harness = new PaperHarness(child);
    await harness.nextEvent('ready', 20000);
    return harness;
  }

  /** Config for a plugin that connects to a sidecar started by the test. */
  static configFor(port: number, token: string): string {
    return [`token: ${token}`, 'game:', '  bridge:', '    host: 127.0.0.1', `    port: ${port}`, 'sidecar:', '  launch: false', ''].join('\n');
  }

  request<T = any>(op: string, args: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.child.stdin.write(`${JSON.stringify({ id, op, ...args })}\n`);
    });
  }

  /**
   * The player joins the harness; resolves with the harness's answer once the
   * sidecar (`events`, its game's) has heard of the join too, and rejects
   * at once if the server refused it. The harness
   * answers the test on its own channel, so the plugin's join event may reach
   * the sidecar after: until it does, the list of who is online the sidecar
   * shares may still be the one read before the join (read-once-a-tick.ts).
   */
  async joinSeenBy<T = any>(events: EventEmitter<GameEvents>, args: { name: string } & Record<string, unknown>, timeoutMs = 5000): Promise<T> {
    let listener: ((event: GameEvents['join'][0]) => void) | undefined;
    const seen = new Promise<void>((resolve) => {
      listener = ({ player }) => {
        if (player.name === args.name) resolve();
      };
      events.on('join', listener);
    });
    let timer: NodeJS.Timeout | undefined;
    try {
      const answer = await this.request<T>('join', args);
      // A join the server refused never reaches the sidecar: said at once, not after the wait.
      const refused = (answer as { refused?: unknown } | undefined)?.refused;
      if (refused !== undefined) throw new Error(`${args.name}'s join was refused: ${String(refused)}`);
      await Promise.race([seen, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`the sidecar never heard ${args.name} join`)), timeoutMs)))]);
      return answer;
    } finally {
      clearTimeout(timer);
      events.off('join', listener!);
    }
  }

  player(name: string): Promise<HarnessPlayerState> {
    return this.request('player', { name });
  }

  /** The player types /register; resolves with the code the plugin shows (colour codes stripped). */
  async registrationCode(name: string, timeoutMs: number): Promise<string> {
    await this.request('command', { name, line: '/register' });
    const message = await eventually(async () => (await this.player(name)).messages?.find((text) => /registration code/.test(text)), timeoutMs, 'the registration code');
    return /([A-Z0-9]{8})/.exec(message.replace(/§./g, ''))![1]!;
  }

  /**
   * The player joins, types /register and makes a web account with the code
   * at the sidecar `baseUrl` (username `<name>_web`, password `password1`);
   * answers the account's token.
   */
  async webAccount(baseUrl: string, player: string, address = '127.0.0.1'): Promise<string> {
    await this.request('join', { name: player, address });
    const code = await this.registrationCode(player, 5000);
    const username = `${player.toLowerCase()}_web`;
    const registered = await api(baseUrl, 'POST', '/api/auth/register', { body: { code, username, email: `${username}@example.com`, password: 'password1' } });
    if (registered.status !== 201) throw new Error(`registering ${username} answered ${registered.status} ${JSON.stringify(registered.body)}`);
    return (await api(baseUrl, 'POST', '/api/auth/login', { body: { username, password: 'password1' } })).body.token as string;
  }

  /** Stops the harness; answers the Bukkit calls the plugin made off the main thread, which a test expects to be none. */
  async stopAndListOffMainThread(): Promise<string[]> {
    const { offMainThread } = await this.request<{ offMainThread: string[] }>('calls').catch(() => ({ offMainThread: [] }));
    await this.stop();
    return offMainThread;
  }

  async nextEvent(event: string, timeoutMs = 10000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.events.includes(event)) {
      if (Date.now() > deadline || this.child.exitCode !== null) throw new Error(`no "${event}" from the harness\n${this.log.slice(-30).join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    this.events.splice(this.events.indexOf(event), 1);
  }

  /** Ends the JVM at once (kill -9): no onDisable, the socket just drops. */
  kill(): void {
    this.child.kill('SIGKILL');
  }

  /** Disables the plugin (onDisable) and ends the JVM. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    this.child.stdin.write(`${JSON.stringify({ id: 0, op: 'stop' })}\n`);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 15000);
    await this.exited;
    clearTimeout(timer);
  }

  private receive(line: string): void {
    let message: { id?: number; result?: unknown; error?: string; event?: string };
    try {
      message = JSON.parse(line);
    } catch {
      this.log.push(`(stdout) ${line}`);
      return;
    }
    if (message.event) {
      this.events.push(message.event);
      return;
    }
    const waiter = message.id !== undefined ? this.waiting.get(message.id) : undefined;
    if (!waiter) return;
    this.waiting.delete(message.id!);
    if (message.error !== undefined) waiter.reject(new Error(`harness: ${message.error}`));
    else waiter.resolve(message.result);
  }
}
