/**
 * A throwaway PostgreSQL server for the tests and benchmarks: `initdb` into a
 * temporary directory, `pg_ctl` on 127.0.0.1 with a free port and
 * `fsync=off` (a test's data need not survive a power cut; a crash of the
 * server itself loses nothing, since the WAL still reaches the kernel), and
 * everything removed afterwards. PostgreSQL refuses to run as root, so as
 * root the server runs as the `postgres` user that Debian's package creates.
 *
 * Benchmarks ask for a `durable` one instead (fsync on).
 *
 * Suites that need it call `requirePostgres(this)` in `before`: when no
 * server can be started they are skipped with the reason printed, and named
 * at the end of the run with the command that installs the programs, unless
 * GATEHOUSE_POSTGRES_REQUIRED=true (CI), where that is a failure
 * (test/helpers/missing-tool.ts). The
 * programs are looked for in GATEHOUSE_POSTGRES_BIN, on the PATH, then in
 * Debian's /usr/lib/postgresql/<version>/bin.
 */
import { execFile, execFileSync, type ExecFileOptions } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { chmod, chown, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { PostgresSettings } from '../../src/store/postgres/settings.js';
import { freePort } from './free-port.js';
import { postgresTool, skipForMissingTool } from './missing-tool.js';

const run = promisify(execFile);
const superuser = 'gatehouse_test';
const password = 'throwaway-password';
export const testDatabase = 'gatehouse';

/**
 * Where initdb, pg_ctl and postgres are: GATEHOUSE_POSTGRES_BIN when set,
 * else on the PATH, else Debian's /usr/lib/postgresql/<version>/bin (the newest).
 */
async function findBinaries(): Promise<string | undefined> {
  const chosen = process.env.GATEHOUSE_POSTGRES_BIN;
  if (chosen) return existsSync(path.join(chosen, 'initdb')) && existsSync(path.join(chosen, 'pg_ctl')) ? chosen : undefined;
  for (const directory of (process.env.PATH ?? '').split(path.delimiter)) {
    if (directory && existsSync(path.join(directory, 'initdb')) && existsSync(path.join(directory, 'pg_ctl'))) return directory;
  }
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian) ? (await readdir(debian)).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const directory = path.join(debian, version, 'bin');
    if (existsSync(path.join(directory, 'initdb'))) return directory;
  }
  return undefined;
}

/** As root, the account the server runs as; otherwise the current user runs it. */
async function serverAccount(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const { stdout: uid } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    return { uid: Number(uid), gid: Number(gid) };
  } catch {
    throw new Error('running as root, and there is no "postgres" user to run PostgreSQL as (Debian\'s postgresql package creates it)');
  }
}

export class ThrowawayPostgres {
  private constructor(
    private readonly binaries: string,
    private readonly directory: string,
    private readonly account: { uid: number; gid: number } | undefined,
    readonly port: number,
    private readonly durable: boolean,
  ) {}

  /** `durable`: fsync on, every commit on disk before it is acknowledged, as in production (the benchmarks). */
  static async start(options: { durable?: boolean } = {}): Promise<ThrowawayPostgres> {
    const binaries = await findBinaries();
    if (!binaries) {
      throw new Error(
        process.env.GATEHOUSE_POSTGRES_BIN
          ? `no initdb and pg_ctl in GATEHOUSE_POSTGRES_BIN (${process.env.GATEHOUSE_POSTGRES_BIN})`
          : 'no PostgreSQL server programs (initdb, pg_ctl) on the PATH or in /usr/lib/postgresql/*/bin; on Debian, scripts/install-test-tools.sh installs them',
      );
    }
    const account = await serverAccount();
    const directory = await mkdtemp(path.join(os.tmpdir(), 'gatehouse-postgres-'));
    try {
      await writeFile(path.join(directory, 'password'), `${password}\n`);
      if (account) {
        await chown(directory, account.uid, account.gid);
        await chown(path.join(directory, 'password'), account.uid, account.gid);
      }
      await chmod(directory, 0o700);
      let server: ThrowawayPostgres | undefined;
      // The port is free when picked, but another process may take it before the server binds it.
      for (let attempt = 1; !server; attempt += 1) {
        const candidate = new ThrowawayPostgres(binaries, directory, account, await freePort(), options.durable ?? false);
        if (attempt === 1) await candidate.initdb();
        try {
          await candidate.startServer();
          server = candidate;
        } catch (error) {
          if (attempt >= 3) throw error;
        }
      }
      await server.createDatabase(testDatabase);
      return server;
    } catch (error) {
      await rm(directory, { recursive: true, force: true });
      throw error;
    }
  }

  /** Connection settings for the store, with a table prefix of the caller's (tests keep apart by prefix). */
  settings(tablePrefix = 'gatehouse_', poolSize = 10): PostgresSettings {
    return { host: '127.0.0.1', port: this.port, database: testDatabase, username: superuser, password, poolSize, tablePrefix };
  }

  /** A connection URL of a database of this server, for its command-line tools (pg_dump, pg_restore). */
  url(database = testDatabase): string {
    return `postgresql://${superuser}:${password}@127.0.0.1:${this.port}/${database}`;
  }

  /** A client program of this server's PostgreSQL (pg_dump, pg_restore): beside its pg_ctl, which a link on the PATH may stand for. */
  async program(name: string): Promise<string> {
    return path.join(path.dirname(await realpath(path.join(this.binaries, 'pg_ctl'))), name);
  }

  /** A client of the test database, for tests that look at the tables themselves. */
  async client(database = testDatabase): Promise<pg.Client> {
    const client = new pg.Client({ host: '127.0.0.1', port: this.port, database, user: superuser, password });
    await client.connect();
    return client;
  }

  /**
   * A database with a Unicode locale, as production ones have, where
   * `lower` folds more than A to Z (the Kelvin sign into k): the store's
   * ASCII-only comparisons are tested where they matter. C.UTF-8 comes with
   * glibc; without it, the server's default.
   */
  async createDatabase(name: string): Promise<void> {
    const client = await this.client('postgres');
    try {
      await client
        .query(`CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C.UTF-8'`)
        .catch(() => client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`));
    } finally {
      await client.end();
    }
  }

  /** Starts the server (again), on its port, waiting until it accepts connections. */
  async startServer(): Promise<void> {
    const options = [
      `-c listen_addresses=127.0.0.1`,
      `-p ${this.port}`,
      `-c unix_socket_directories=${this.directory}`,
      ...(this.durable ? [] : ['-c fsync=off', '-c full_page_writes=off']),
      '-c max_connections=200',
      '-c shared_buffers=64MB',
    ].join(' ');
    await this.asServerAccount('pg_ctl', ['-D', this.dataDirectory, '-l', path.join(this.directory, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
  }

  /**
   * Stops the server: `fast` ends sessions and shuts down cleanly, `immediate`
   * stops at once as a crash would, leaving recovery to the next start.
   */
  async stopServer(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.asServerAccount('pg_ctl', ['-D', this.dataDirectory, '-m', mode, '-w', '-t', '60', 'stop']);
  }

  /**
   * CPU seconds the server has used so far (user and system): its postmaster
   * with the backends that ended, and the backends still running (Linux /proc).
   */
  async cpuSeconds(): Promise<number> {
    const ticksPerSecond = 100;
    const postmaster = Number((await readFile(path.join(this.dataDirectory, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    let ticks = 0;
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue;
      }
      // Fields after the command's closing parenthesis: state is field 3, ppid 4, utime 14, stime 15, cutime 16, cstime 17.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const [utime, stime, cutime, cstime] = [fields[11], fields[12], fields[13], fields[14]].map(Number) as [number, number, number, number];
      if (Number(entry) === postmaster) ticks += utime + stime + cutime + cstime;
      else if (Number(fields[1]) === postmaster) ticks += utime + stime;
    }
    return ticks / ticksPerSecond;
  }

  /** Stops the server and removes everything it had. */
  async dispose(): Promise<void> {
    await this.stopServer('immediate').catch(() => undefined);
    await rm(this.directory, { recursive: true, force: true });
  }

  /** The same, synchronously, for a process that is exiting. */
  disposeSync(): void {
    try {
      const [command, args] = this.command('pg_ctl', ['-D', this.dataDirectory, '-m', 'immediate', '-w', '-t', '60', 'stop']);
      execFileSync(command, args, { cwd: this.directory, stdio: 'ignore', timeout: 60_000 });
    } catch {
      // Already stopped.
    }
    rmSync(this.directory, { recursive: true, force: true });
  }

  private get dataDirectory(): string {
    return path.join(this.directory, 'data');
  }

  private async initdb(): Promise<void> {
    await this.asServerAccount('initdb', [
      '-D',
      this.dataDirectory,
      '-U',
      superuser,
      `--pwfile=${path.join(this.directory, 'password')}`,
      '--auth-host=scram-sha-256',
      '--auth-local=trust',
      '--encoding=UTF8',
      '--no-locale',
      '--no-sync',
    ]);
  }

  private command(program: string, args: string[]): [string, string[]] {
    const executable = path.join(this.binaries, program);
    return this.account ? ['runuser', ['-u', 'postgres', '--', executable, ...args]] : [executable, args];
  }

  private async asServerAccount(program: string, args: string[]): Promise<void> {
    const [command, commandArgs] = this.command(program, args);
    const options: ExecFileOptions = { cwd: this.directory, timeout: 90_000 };
    try {
      await run(command, commandArgs, options);
    } catch (error) {
      const failure = error as Error & { stderr?: string; stdout?: string };
      throw new Error(`${program} failed: ${(failure.stderr || failure.stdout || failure.message).toString().trim()}`);
    }
  }
}

let shared: Promise<{ server?: ThrowawayPostgres; reason?: string }> | undefined;

/**
 * For a suite's `before` (a `function () {}`, for `this.skip()`): a running
 * throwaway server, or the suite is skipped, saying why. Suites share one
 * server per test run, stopped when the process exits; a suite that stops
 * and starts its server asks for one of its `own` and disposes of it.
 */
export async function requirePostgres(context: Mocha.Context, options: { own?: boolean } = {}): Promise<ThrowawayPostgres> {
  const starting = options.own
    ? startOrSayWhy()
    : (shared ??= startOrSayWhy().then((result) => {
        // mocha --exit ends the process when the run is over: stop the server and remove its directory then.
        if (result.server) process.once('exit', () => result.server!.disposeSync());
        return result;
      }));
  const { server, reason } = await starting;
  if (server) return server;
  skipForMissingTool(context, postgresTool, `PostgreSQL cannot be started here: ${reason}`);
}

function startOrSayWhy(): Promise<{ server?: ThrowawayPostgres; reason?: string }> {
  return ThrowawayPostgres.start().then(
    (server) => ({ server }),
    (error: Error) => ({ reason: error.message }),
  );
}

let prefixes = 0;
/** A table prefix no other test of this run uses, so tests share a database without seeing each other's tables. */
export function uniquePrefix(label = 't'): string {
  prefixes += 1;
  return `${label}${process.pid}_${prefixes}_`;
}

/** What `work` answers, and every statement's text any client of this process sent while it ran (counted at the client library). */
export async function statementsOf<T>(work: () => Promise<T>): Promise<{ answer: T; sent: string[] }> {
  const sent: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string };
    sent.push(typeof config === 'string' ? config : (config.text ?? ''));
    return (query as (...rest: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    return { answer: await work(), sent };
  } finally {
    pg.Client.prototype.query = query;
  }
}
