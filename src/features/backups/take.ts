/**
 * Taking one backup: the worlds' saving paused and flushed, the store's
 * snapshot at one unit of work, the worlds copied and their saving resumed
 * (always, whatever fails), then the data directory, into one archive that
 * gets its name only once complete and on disk.
 */
import { mkdir } from 'node:fs/promises';
import { gatehouseVersion } from '../../version.js';
import type { TransactionalStores, Store, StoreSnapshot } from '../../store/port.js';
import type { WorldFolder, WorldSaves } from '../../game/port.js';
import { privateDirectoryMode } from '../../lib/durable-file.js';
import { runningMarkerName } from '../../lib/running-marker.js';
import { apiKeysPart } from '../keys/store.js';
import { ledgerPart } from '../economy/store.js';
import { ArchiveWriter } from './archive-writer.js';
import { filesToCopy, insideOf, type FileToCopy } from './files-to-copy.js';
import { archiveFormat, dataPrefix, restoredNoteName, worldsPrefix, type ArchivedWorld, type BackupManifest, type BackupReason } from './manifest.js';

export type BackupStep = 'pausing world saving' | 'copying the worlds' | 'copying the data' | 'finishing';

export interface BackupProgress {
  step: BackupStep;
  files: number;
  bytes: number;
}

/** Where a backup's worlds come from: a game whose saving is paused around the copy, or folders of a game that is not running. */
export type WorldSource = { saves: WorldSaves } | { stopped: WorldFolder[] } | { missing: string };

export interface BackupRequest {
  directory: string;
  name: string;
  dataDirectory: string;
  store: Store;
  storage: 'json' | 'postgresql';
  worlds: WorldSource;
  reason: BackupReason;
  requestedBy: string | null;
  now: () => Date;
  onProgress: (progress: BackupProgress) => void;
  /** A resume of world saving that failed: said, since the world then goes unsaved. */
  logError: (message: string) => void;
}

type Counts = NonNullable<BackupManifest['counts']>;

/** What the manifest says the store held: read in the snapshot's own unit of work, so at its point exactly. */
async function countsAt(tx: TransactionalStores): Promise<Counts> {
  return {
    users: await tx.users.count(),
    ledgerEntries: await tx.part(ledgerPart).recordCount(),
    apiKeys: (await tx.part(apiKeysPart).list()).length,
  };
}

export async function takeBackup(request: BackupRequest): Promise<{ file: string; bytes: number; manifest: BackupManifest }> {
  const { worlds: source } = request;
  const createdAt = request.now().toISOString();
  let step: BackupStep = 'pausing world saving';
  let writer: ArchiveWriter | undefined;
  const progress = () => request.onProgress({ step, files: writer?.filesAdded ?? 0, bytes: writer?.bytesAdded ?? 0 });
  let snapshot: StoreSnapshot<Counts> | undefined;
  let resumeWorlds: (() => Promise<void>) | undefined;
  const resumeOnce = async () => {
    const resume = resumeWorlds;
    resumeWorlds = undefined;
    if (!resume) return;
    try {
      await resume();
    } catch (error) {
      request.logError(
        `backup: the game's saving of its worlds could not be turned on again (${(error as Error).message}); turn it on by hand (save-on on a vanilla or Paper console)`,
      );
    }
  };
  try {
    progress();
    await mkdir(request.directory, { recursive: true, mode: privateDirectoryMode });
    let folders: WorldFolder[] = [];
    if ('saves' in source) {
      folders = await source.saves.folders();
      // Set before the pause: a pause that fails halfway (saving off, the save refused) is resumed too.
      resumeWorlds = () => source.saves.resume();
      await source.saves.pause();
    } else if ('stopped' in source) folders = source.stopped;
    snapshot = request.store.snapshot ? await request.store.snapshot(countsAt) : undefined;
    writer = await ArchiveWriter.create(request.directory, request.name);

    step = 'copying the worlds';
    progress();
    const worlds: ArchivedWorld[] = [];
    for (const folder of folders) {
      const inData = insideOf(request.dataDirectory, folder.path) ?? null;
      const prefix = inData !== null ? `${dataPrefix}${inData}/` : `${worldsPrefix}${folder.name}/`;
      // session.lock is the running server's; a restored world gets its own.
      await copyAll(writer, await filesToCopy(folder.path, prefix, (relative) => relative === 'session.lock'), progress);
      worlds.push({ name: folder.name, path: folder.path, inDataDirectory: inData, copied: 'saves' in source ? 'saving paused' : 'server stopped' });
    }
    await resumeOnce();

    step = 'copying the data';
    progress();
    const worldsInData = new Set(worlds.flatMap((world) => (world.inDataDirectory !== null ? [world.inDataDirectory] : [])));
    const leaveOut = (relative: string) => relative === snapshot?.replaces || worldsInData.has(relative) || relative === runningMarkerName || relative === restoredNoteName;
    await copyAll(writer, await filesToCopy(request.dataDirectory, dataPrefix, leaveOut), progress);
    for (const file of snapshot?.files ?? []) await writer.addBuffer(`${dataPrefix}${file.path}`, file.content);
    snapshot?.release();

    step = 'finishing';
    progress();
    return await writer.finish({
      format: archiveFormat,
      gatehouseVersion,
      createdAt,
      reason: request.reason,
      requestedBy: request.requestedBy,
      storage: request.storage,
      unit: snapshot?.unit ?? null,
      counts: snapshot?.atPoint ?? null,
      dataDirectory: request.dataDirectory,
      worlds,
      worldsMissing: 'missing' in source ? source.missing : null,
    });
  } catch (error) {
    await writer?.abort();
    throw error;
  } finally {
    await resumeOnce();
    snapshot?.release();
  }
}

async function copyAll(writer: ArchiveWriter, files: FileToCopy[], progress: () => void): Promise<void> {
  for (const { entry, file } of files) {
    await writer.addFile(entry, file);
    progress();
  }
}
