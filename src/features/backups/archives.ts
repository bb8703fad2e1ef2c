/**
 * The archives in the backups directory: their names, each one's manifest
 * (kept in memory by name, size and time, since an archive never changes
 * once named), and the leftovers of backups a crash cut short.
 */
import type { Stats } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { readManifest } from './archive-reader.js';
import { partialPattern } from './archive-writer.js';
import type { BackupManifest } from './manifest.js';

/** `gatehouse-<server id>-2026-11-23-040000Z.zip` (UTC), `-2` and on for a second one in the same second. */
export const archiveNamePattern = /^gatehouse-[a-z0-9][a-z0-9_-]{0,31}-\d{4}-\d{2}-\d{2}-\d{6}Z(?:-\d{1,3})?\.zip$/;

export function archiveName(serverId: string, at: Date, taken: ReadonlySet<string>): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace('T', '-')
    .replace(/:/g, '');
  const base = `gatehouse-${serverId}-${stamp}`;
  for (let count = 1; ; count += 1) {
    const name = count === 1 ? `${base}.zip` : `${base}-${count}.zip`;
    if (!taken.has(name)) return name;
  }
}

export interface ArchiveListing {
  name: string;
  file: string;
  bytes: number;
  /** When it was taken (the manifest's time; the file's for one whose manifest cannot be read). */
  createdAt: Date;
  manifest: BackupManifest | null;
  /** Why it cannot be read, when it cannot. */
  problem: string | null;
}

export class ArchiveDirectory {
  private readonly manifests = new Map<string, { key: string; manifest: BackupManifest | null; problem: string | null }>();

  constructor(readonly directory: string) {}

  /** Every complete archive, newest first; one under another name (or being written) is not one. */
  async list(): Promise<ArchiveListing[]> {
    const names = (await this.names()).filter((name) => archiveNamePattern.test(name));
    const listings: ArchiveListing[] = [];
    for (const name of names) {
      const file = path.join(this.directory, name);
      let info: Stats;
      try {
        info = await stat(file);
      } catch {
        continue; // deleted meanwhile (retention)
      }
      const key = `${info.size}:${info.mtimeMs}`;
      let known = this.manifests.get(name);
      if (known?.key !== key) {
        try {
          known = { key, manifest: await readManifest(file), problem: null };
        } catch (error) {
          known = { key, manifest: null, problem: (error as Error).message };
        }
        this.manifests.set(name, known);
      }
      const createdAt = known.manifest ? new Date(known.manifest.createdAt) : info.mtime;
      listings.push({ name, file, bytes: info.size, createdAt, manifest: known.manifest, problem: known.problem });
    }
    for (const name of this.manifests.keys()) if (!names.includes(name)) this.manifests.delete(name);
    return listings.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.name < b.name ? 1 : -1));
  }

  /** The archive's path, when `name` is an archive's name that is there. */
  async find(name: string): Promise<string | undefined> {
    if (!archiveNamePattern.test(name)) return undefined;
    const file = path.join(this.directory, name);
    try {
      return (await stat(file)).isFile() ? file : undefined;
    } catch {
      return undefined;
    }
  }

  async remove(name: string): Promise<void> {
    await rm(path.join(this.directory, name), { force: true });
    this.manifests.delete(name);
  }

  /** The names taken, for a new archive's. */
  async takenNames(): Promise<Set<string>> {
    return new Set(await this.names());
  }

  /**
   * Deletes what backups cut short left (their temporary files), those of
   * processes that are gone; answers how many there were.
   */
  async removeLeftovers(): Promise<number> {
    let removed = 0;
    for (const name of await this.names()) {
      const match = partialPattern.exec(name);
      if (!match || processRuns(Number(match[2]))) continue;
      await rm(path.join(this.directory, name), { force: true });
      removed += 1;
    }
    return removed;
  }

  private async names(): Promise<string[]> {
    try {
      return await readdir(this.directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }
}

function processRuns(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
