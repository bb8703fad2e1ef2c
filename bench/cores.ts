/**
 * Which cores the server and the load generator run on, so that they do not
 * fight over one: with two cores or more (those this process may use) and
 * `taskset` (util-linux), the load generator gets the last core and the
 * server (this process, every thread of it) the others, while a round runs;
 * PostgreSQL's processes are left free. With one core, or without taskset,
 * nothing is pinned and the run says so.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

export interface CoreLayout {
  /** The cores this process may use. */
  allowed: number[];
  /** Where the server runs while a round runs, and the load generator; undefined when nothing is pinned. */
  pinned?: { server: number[]; generator: number[] };
  /** Why nothing is pinned. */
  reason?: string;
}

/** `0-2,5` as [0, 1, 2, 5]. */
export function parseCpuList(list: string): number[] {
  const cores: number[] = [];
  for (const part of list.trim().split(',').filter(Boolean)) {
    const [first, last = first] = part.split('-').map(Number) as [number, number?];
    for (let core = first; core <= last!; core += 1) cores.push(core);
  }
  return cores;
}

function detect(): CoreLayout {
  let allowed: number[];
  try {
    allowed = parseCpuList(/Cpus_allowed_list:\s*(\S+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]!);
  } catch {
    return { allowed: [], reason: 'the cores this process may use are not known here (no /proc/self/status)' };
  }
  const taskset = ['/usr/bin/taskset', '/bin/taskset'].find(existsSync);
  if (!taskset) return { allowed, reason: 'taskset (util-linux) is not installed' };
  if (allowed.length < 2) return { allowed, reason: `this process may use ${allowed.length} core` };
  return { allowed, pinned: { server: allowed.slice(0, -1), generator: allowed.slice(-1) } };
}

export const cores: CoreLayout = detect();

/** The layout in words, for the run's first lines. */
export function describeCores(): string {
  return cores.pinned
    ? `server on core ${cores.pinned.server.join(',')}, load generator on core ${cores.pinned.generator.join(',')} (taskset), PostgreSQL unpinned`
    : `nothing pinned: ${cores.reason}; server and load generator share the cores`;
}

/** The command that runs `program` on the generator's core. */
export function generatorCommand(program: string, args: string[]): [string, string[]] {
  return cores.pinned ? ['taskset', ['-c', cores.pinned.generator.join(','), program, ...args]] : [program, args];
}

function pinSelf(list: number[]): void {
  execFileSync('taskset', ['-a', '-p', '-c', list.join(','), String(process.pid)], { stdio: 'ignore' });
}

/** Runs `work` with this process (the server) on the server's cores, then gives it every core back. */
export async function withServerPinned<T>(work: () => Promise<T>): Promise<T> {
  if (!cores.pinned) return work();
  pinSelf(cores.pinned.server);
  try {
    return await work();
  } finally {
    pinSelf(cores.allowed);
  }
}
