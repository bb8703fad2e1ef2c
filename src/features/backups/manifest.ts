/**
 * What a backup archive says about itself (`manifest.json`, its last entry):
 * when and by which Gatehouse it was made, at which unit of work of the
 * store, what it holds (counts, worlds) and every file's SHA-256, so that a
 * restore checks the whole archive before it replaces anything.
 */

/** The layout of the archive; a Gatehouse refuses one newer than it knows. */
export const archiveFormat = 1;

/** Where the data directory's files are in the archive; worlds outside it are under `worlds/<name>/`. */
export const dataPrefix = 'data/';
export const worldsPrefix = 'worlds/';
export const manifestName = 'manifest.json';
/** Left in the data directory by a restore, for the next start to audit and announce (then deleted). */
export const restoredNoteName = 'restored-from.json';

export interface RestoredNote {
  /** The archive's file name. */
  archive: string;
  /** When the backup was taken. */
  createdAt: string;
  restoredAt: string;
}

export type BackupReason = 'manual' | 'scheduled' | 'before restart' | 'command line';

export interface ArchivedFile {
  /** The entry's path in the archive (`data/users/users-000000.json`). */
  path: string;
  bytes: number;
  sha256: string;
}

export interface ArchivedWorld {
  name: string;
  /** Where it was, as the game told. */
  path: string;
  /** Its folder relative to the data directory when it is in it (the embedded server's `world`): archived with the data. */
  inDataDirectory: string | null;
  /** How the copy was made: with the game's saving paused and flushed, or of a game that was not running. */
  copied: 'saving paused' | 'server stopped';
}

export interface BackupManifest {
  format: number;
  gatehouseVersion: string;
  createdAt: string;
  reason: BackupReason;
  /** Who asked (a web username, `service`, `key:<name>`), or null for a schedule or the command line. */
  requestedBy: string | null;
  storage: 'json' | 'postgresql';
  /** The JSON store's last unit of work in the copy; null on PostgreSQL, whose database is not in the archive. */
  unit: number | null;
  /** What the store held at that unit; null on PostgreSQL. */
  counts: { users: number; ledgerEntries: number; apiKeys: number } | null;
  dataDirectory: string;
  worlds: ArchivedWorld[];
  /** Why no world is in the archive, when none is (the game cannot pause its saving, or is away). */
  worldsMissing: string | null;
  files: ArchivedFile[];
}

/** -1, 0 or 1 as version `a` is older, the same or newer than `b` (dotted numbers; anything after a `-` ignored). */
export function compareVersions(a: string, b: string): number {
  const parts = (version: string) =>
    version
      .split('-')[0]!
      .split('.')
      .map((part) => Number(part) || 0);
  const [left, right] = [parts(a), parts(b)];
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/** Reads a manifest, refusing what is not one (a damaged or foreign archive). */
export function parseManifest(text: string): BackupManifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ArchiveError(`its ${manifestName} is not JSON: the archive is damaged`);
  }
  const manifest = parsed as Partial<BackupManifest>;
  if (typeof manifest !== 'object' || manifest === null || typeof manifest.format !== 'number' || typeof manifest.gatehouseVersion !== 'string' || !Array.isArray(manifest.files)) {
    throw new ArchiveError(`its ${manifestName} is not a Gatehouse backup's: the archive is damaged or not a Gatehouse backup`);
  }
  return manifest as BackupManifest;
}

/** An archive that cannot be listed or restored, with why, in words for the owner. */
export class ArchiveError extends Error {
  override name = 'ArchiveError';
}
