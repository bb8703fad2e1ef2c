/**
 * A file in the data directory that says a Gatehouse runs on it: its
 * process id, the machine, and when that process started. Written once the
 * store is open and removed once it is closed; what a crash leaves names a
 * process that is gone, and counts for nothing. A restore refuses to replace
 * a data directory while its marker names a process that still runs.
 */
import { mkdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { privateDirectoryMode, writeFileDurably } from './durable-file.js';

export const runningMarkerName = 'running.json';

export interface RunningProcess {
  pid: number;
  host: string;
  /** The process's start in the kernel's clock ticks since boot (/proc/<pid>/stat), where the system tells: a pid reused by another process then does not count. */
  processStart: string | null;
  startedAt: string;
}

/** Marks the data directory as in use by this process; the answer removes the mark (only if it is still this process's). */
export async function markRunning(dataDirectory: string): Promise<() => Promise<void>> {
  const file = path.join(dataDirectory, runningMarkerName);
  await mkdir(dataDirectory, { recursive: true, mode: privateDirectoryMode });
  const marker: RunningProcess = { pid: process.pid, host: os.hostname(), processStart: await processStart(process.pid), startedAt: new Date().toISOString() };
  await writeFileDurably(file, `${JSON.stringify(marker)}\n`);
  return async () => {
    const current = await readMarker(file);
    if (current?.pid === process.pid && current.host === marker.host) await rm(file, { force: true });
  };
}

/**
 * The process whose marker is in the data directory, if it still runs; a
 * marker of another machine counts as running (this one cannot tell).
 */
export async function runningOn(dataDirectory: string): Promise<RunningProcess | undefined> {
  const marker = await readMarker(path.join(dataDirectory, runningMarkerName));
  if (!marker) return undefined;
  if (marker.host !== os.hostname()) return marker;
  try {
    process.kill(marker.pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return undefined;
  }
  const start = await processStart(marker.pid);
  if (marker.processStart !== null && start !== null && start !== marker.processStart) return undefined;
  return marker;
}

async function readMarker(file: string): Promise<RunningProcess | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const marker = JSON.parse(text) as RunningProcess;
    return typeof marker.pid === 'number' && typeof marker.host === 'string' ? marker : undefined;
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat (after the command's name in parentheses, which may hold spaces), or null off Linux. */
async function processStart(pid: number): Promise<string | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}
