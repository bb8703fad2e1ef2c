/** Archives and running backups as the API shows them. */
import type { ArchiveListing } from './archives.js';
import type { BackupFailure, RunningBackup } from './service.js';

export function backupItemOf(archive: ArchiveListing) {
  const manifest = archive.manifest;
  return {
    name: archive.name,
    bytes: archive.bytes,
    createdAt: archive.createdAt.toISOString(),
    reason: manifest?.reason ?? null,
    requestedBy: manifest?.requestedBy ?? null,
    gatehouseVersion: manifest?.gatehouseVersion ?? null,
    storage: manifest?.storage ?? null,
    counts: manifest?.counts ?? null,
    worlds: manifest?.worlds.map((world) => world.name) ?? [],
    worldsMissing: manifest?.worldsMissing ?? null,
    files: manifest?.files.length ?? 0,
    damaged: archive.problem,
  };
}

export function runningBackupOf(running: RunningBackup) {
  return { ...running };
}

export function failureOf(failure: BackupFailure) {
  return { name: failure.name, reason: failure.reason, startedAt: failure.startedAt, error: failure.error };
}
