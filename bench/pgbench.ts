/**
 * PostgreSQL's own rate on a throwaway server, as the reference for
 * Gatehouse's transfers: pgbench's built-in TPC-B-like script (per
 * transaction an UPDATE of an account, a SELECT of it, UPDATEs of a teller
 * and a branch, an INSERT into the history, between BEGIN and END), in a
 * database of its own on the same server, with as many connections as
 * Gatehouse's pool. The scale factor equals the connections, as pgbench's
 * documentation advises (fewer branches than clients would make the clients
 * queue on the branch rows and lower the reference). pgbench comes with the
 * server programs (the same directory as pg_ctl).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ThrowawayPostgres } from '../test/helpers/postgres.js';
import { generatorCommand } from './cores.js';

const run = promisify(execFile);
const database = 'pgbench';

/** pgbench beside the server programs the throwaway servers use: GATEHOUSE_POSTGRES_BIN, the PATH, then Debian's directory. */
async function pgbenchProgram(): Promise<string | undefined> {
  const candidates = [process.env.GATEHOUSE_POSTGRES_BIN, ...(process.env.PATH ?? '').split(path.delimiter)];
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = (await readdir(debian)).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => path.join(debian, version, 'bin')));
  }
  for (const directory of candidates) if (directory && existsSync(path.join(directory, 'pgbench'))) return path.join(directory, 'pgbench');
  return undefined;
}

export interface PgbenchRound {
  /** Transactions per second. */
  rate: number;
  /** The server's CPU per transaction, ms. */
  postgresCpuMs: number;
}

/** pgbench ready on `server`: its database created and filled once (scale = `clients`); each `round` runs it for `seconds`. */
export interface Pgbench {
  round(seconds: number): Promise<PgbenchRound>;
}

export async function preparePgbench(server: ThrowawayPostgres, clients: number): Promise<Pgbench> {
  const program = await pgbenchProgram();
  if (!program) throw new Error('pgbench is not installed beside the PostgreSQL server programs');
  await server.createDatabase(database);
  const settings = server.settings();
  const connection = ['-h', settings.host, '-p', String(settings.port), '-U', settings.username];
  const env = { ...process.env, PGPASSWORD: settings.password };
  await run(program, ['-i', '-q', '-s', String(clients), ...connection, database], { env, maxBuffer: 1 << 22 });
  return {
    async round(seconds) {
      const cpuBefore = await server.cpuSeconds();
      // pgbench is this comparison's load generator: on the generator's core, as wrk is for Gatehouse's rounds.
      const [command, args] = generatorCommand(program, ['-c', String(clients), '-j', '1', '-T', String(seconds), ...connection, database]);
      const { stdout } = await run(command, args, { env, maxBuffer: 1 << 22 });
      const cpuSeconds = (await server.cpuSeconds()) - cpuBefore;
      const rate = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
      const processed = /number of transactions actually processed: (\d+)/.exec(stdout);
      if (!rate || !processed) throw new Error(`pgbench's output was not understood:\n${stdout}`);
      return { rate: Number(rate[1]), postgresCpuMs: (cpuSeconds * 1000) / Number(processed[1]) };
    },
  };
}
