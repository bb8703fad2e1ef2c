/**
 * Restoring a backup into a stopped Gatehouse: refused while a Gatehouse
 * runs on the data directory (or a game server on a world to restore), or
 * when the archive is damaged or from a newer Gatehouse. Every file is
 * written into a new folder beside its target and checked against the
 * manifest's checksum there; only when all of them are does each target
 * change, by two renames (the current folder aside, kept; the new one in its
 * place), so no folder is ever left half-restored.
 */
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { privateDirectoryMode, syncDirectory } from '../../lib/durable-file.js';
import { runningOn } from '../../lib/running-marker.js';
import { gatehouseVersion } from '../../version.js';
import { extractVerified, readManifest } from './archive-reader.js';
import { ArchiveError, archiveFormat, compareVersions, dataPrefix, restoredNoteName, worldsPrefix, type BackupManifest, type RestoredNote } from './manifest.js';

/** A restore that must not happen, with why and what to do, in words for the owner. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

export interface RestoreOptions {
  archive: string;
  dataDirectory: string;
  /** Also the worlds kept outside the data directory (a Paper or vanilla server's), at the places the archive names. */
  worlds: boolean;
  now?: () => Date;
  onProgress?: (bytes: number, of: number) => void;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Each folder replaced, and where its former content was kept (null: there was none). */
  replaced: Array<{ folder: string; keptAt: string | null }>;
}

export async function restoreArchive(options: RestoreOptions): Promise<RestoreResult> {
  const running = await runningOn(options.dataDirectory);
  if (running) {
    throw new RestoreRefusedError(
      `Gatehouse is running on ${options.dataDirectory} (process ${running.pid} on ${running.host}, since ${running.startedAt}): stop it first, then restore` +
        ` (if no Gatehouse runs there, delete ${path.join(options.dataDirectory, 'running.json')})`,
    );
  }
  let manifest: BackupManifest;
  try {
    manifest = await readManifest(options.archive);
  } catch (error) {
    if (error instanceof ArchiveError) throw new RestoreRefusedError(`${path.basename(options.archive)} cannot be restored: ${error.message}`);
    throw error;
  }
  if (manifest.format > archiveFormat || compareVersions(manifest.gatehouseVersion, gatehouseVersion) > 0) {
    throw new RestoreRefusedError(
      `${path.basename(options.archive)} was made by Gatehouse ${manifest.gatehouseVersion}, newer than this one (${gatehouseVersion}), whose files this Gatehouse may not read: restore it with Gatehouse ${manifest.gatehouseVersion} or later`,
    );
  }
  const stampTime = (options.now?.() ?? new Date()).getTime();
  const stamp = new Date(stampTime)
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '');
  const targets = new Map<string, { folder: string; incoming: string }>();
  targets.set(dataPrefix, { folder: options.dataDirectory, incoming: `${options.dataDirectory}.restoring-${stamp}` });
  for (const world of manifest.worlds) {
    if (world.inDataDirectory !== null || !options.worlds) continue;
    await refuseWhileServed(world.path);
    targets.set(`${worldsPrefix}${world.name}/`, { folder: world.path, incoming: `${world.path}.restoring-${stamp}` });
  }
  const total = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  let done = 0;
  try {
    for (const { incoming } of targets.values()) {
      await mkdir(path.dirname(incoming), { recursive: true, mode: privateDirectoryMode });
      await mkdir(incoming, { mode: privateDirectoryMode });
    }
    await extractVerified(
      options.archive,
      manifest,
      (entry) => {
        const prefix = [...targets.keys()].find((candidate) => entry.startsWith(candidate));
        if (prefix === undefined) {
          if (entry.startsWith(worldsPrefix)) return undefined; // a world outside the data directory, not asked for
          throw new ArchiveError(`${entry} is neither data nor a world: the archive is damaged or not a Gatehouse backup`);
        }
        return path.join(targets.get(prefix)!.incoming, ...safeSegments(entry.slice(prefix.length)));
      },
      (bytes) => {
        done += bytes;
        options.onProgress?.(done, total);
      },
    );
  } catch (error) {
    for (const { incoming } of targets.values()) await rm(incoming, { recursive: true, force: true });
    if (error instanceof ArchiveError) throw new RestoreRefusedError(`${path.basename(options.archive)} cannot be restored, and nothing was changed: ${error.message}`);
    throw error;
  }
  // Read by the next start, which audits the restore and says so (then deletes it).
  const note: RestoredNote = { archive: path.basename(options.archive), createdAt: manifest.createdAt, restoredAt: new Date(stampTime).toISOString() };
  await writeFile(path.join(targets.get(dataPrefix)!.incoming, restoredNoteName), `${JSON.stringify(note)}\n`, { mode: 0o600 });
  return { manifest, replaced: await swapIn([...targets.values()], stamp) };
}

/** The path's parts, refusing any that could point outside the folder it is restored into. */
function safeSegments(relative: string): string[] {
  const segments = relative.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..' || segment.includes('\\') || segment.includes('\0'))) {
    throw new ArchiveError(`an entry named ${JSON.stringify(relative)} would be written outside its folder: the archive is damaged or not a Gatehouse backup`);
  }
  return segments;
}

/** Each folder aside, its new content in its place; what was swapped goes back if a later swap fails. */
async function swapIn(targets: Array<{ folder: string; incoming: string }>, stamp: string): Promise<RestoreResult['replaced']> {
  const swapped: Array<{ folder: string; keptAt: string | null }> = [];
  try {
    for (const { folder, incoming } of targets) {
      const keptAt = (await exists(folder)) ? `${folder}.before-restore-${stamp}` : null;
      if (keptAt) await rename(folder, keptAt);
      try {
        await rename(incoming, folder);
      } catch (error) {
        if (keptAt) await rename(keptAt, folder);
        throw error;
      }
      await syncDirectory(path.dirname(folder));
      swapped.push({ folder, keptAt });
    }
  } catch (error) {
    for (const { folder, keptAt } of swapped.reverse()) {
      await rm(folder, { recursive: true, force: true });
      if (keptAt) await rename(keptAt, folder);
    }
    for (const { incoming } of targets) await rm(incoming, { recursive: true, force: true });
    throw error;
  }
  return swapped;
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * A Minecraft server holds a lock on its world's session.lock while it
 * runs; on Linux /proc/locks lists it by the file's inode.
 */
async function refuseWhileServed(world: string): Promise<void> {
  let inode: number;
  let locks: string;
  try {
    inode = (await stat(path.join(world, 'session.lock'))).ino;
    locks = await readFile('/proc/locks', 'utf8');
  } catch {
    return; // no lock file, or a system that does not tell
  }
  if (locks.split('\n').some((line) => new RegExp(`:${inode}\\s`).test(line))) {
    throw new RestoreRefusedError(`the game server using ${world} is running (it holds ${path.join(world, 'session.lock')}): stop it first, then restore`);
  }
}
