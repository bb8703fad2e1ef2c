/**
 * `npm run backup` and `npm run restore -- <archive> [--worlds]`: a backup of
 * a stopped Gatehouse (its data directory, and the embedded server's world
 * in it), and a restore into a stopped Gatehouse (docs/backups.md). A
 * running Gatehouse takes its own backups (the console, POST
 * /api/admin/backups) and refuses to be restored under.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config/config.js';
import { archiveName } from './features/backups/archives.js';
import { RestoreRefusedError, restoreArchive } from './features/backups/restore.js';
import { formatBytes } from './features/backups/service.js';
import { takeBackup, type WorldSource } from './features/backups/take.js';
import { allStoreParts } from './features/index.js';
import { runningOn } from './lib/running-marker.js';
import { openStore } from './store/factory.js';

/** Progress on one line of the terminal, at most every 250 ms; nothing where the output is not a terminal. */
function progressLine(): { show(text: string): void; end(): void } {
  let last = 0;
  const terminal = process.stderr.isTTY;
  return {
    show: (text) => {
      if (!terminal || Date.now() - last < 250) return;
      last = Date.now();
      process.stderr.write(`\r${text.padEnd(60)}`);
    },
    end: () => {
      if (terminal) process.stderr.write(`\r${' '.repeat(60)}\r`);
    },
  };
}

async function backup(config: Config): Promise<void> {
  const running = await runningOn(config.dataDirectory);
  if (running) {
    throw new RestoreRefusedError(
      `Gatehouse is running on ${config.dataDirectory} (process ${running.pid}): take the backup there, in the console's Backups page or with POST /api/admin/backups`,
    );
  }
  const world = path.join(config.dataDirectory, 'world');
  const hasWorld = await stat(world).then(
    (found) => found.isDirectory(),
    () => false,
  );
  const worlds: WorldSource = hasWorld
    ? { stopped: [{ name: 'world', path: world }] }
    : { missing: 'npm run backup copies only the embedded server’s world; back up a Paper or vanilla world from a running Gatehouse' };
  const { store } = await openStore(config, { parts: allStoreParts(), logInfo: () => undefined, logError: (message) => console.error(message) });
  const progress = progressLine();
  try {
    const name = archiveName(config.serverId, new Date(), new Set());
    const taken = await takeBackup({
      directory: config.backups.directory,
      name,
      dataDirectory: config.dataDirectory,
      store,
      storage: config.storage.type,
      worlds,
      reason: 'command line',
      requestedBy: null,
      now: () => new Date(),
      onProgress: (now) => progress.show(`${now.step}: ${now.files} files, ${formatBytes(now.bytes)}`),
      logError: (message) => console.error(message),
    });
    progress.end();
    console.log(`Backup written to ${taken.file} (${formatBytes(taken.bytes)}, ${taken.manifest.files.length} files)`);
    if (config.storage.type === 'postgresql') console.log('The database is not in it: back it up with pg_dump (docs/backups.md).');
  } finally {
    progress.end();
    await store.close();
  }
}

async function restore(config: Config, archive: string, worlds: boolean): Promise<void> {
  const progress = progressLine();
  try {
    const result = await restoreArchive({
      archive: path.resolve(archive),
      dataDirectory: config.dataDirectory,
      worlds,
      onProgress: (bytes, of) => progress.show(`checking and writing: ${formatBytes(bytes)} of ${formatBytes(of)}`),
    });
    progress.end();
    console.log(`Restored ${path.basename(archive)} (taken ${result.manifest.createdAt} by Gatehouse ${result.manifest.gatehouseVersion})`);
    for (const { folder, keptAt } of result.replaced) console.log(`  ${folder}${keptAt ? ` (what was there is kept in ${keptAt})` : ''}`);
    if (result.manifest.storage === 'postgresql') console.log('The database is not in it: restore it with pg_restore (docs/backups.md).');
  } finally {
    progress.end();
  }
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  try {
    const config = await loadConfig();
    if (command === 'backup') await backup(config);
    else if (command === 'restore' && rest.filter((word) => !word.startsWith('--')).length === 1) {
      await restore(config, rest.find((word) => !word.startsWith('--'))!, rest.includes('--worlds'));
    } else {
      console.error('usage: npm run backup\n       npm run restore -- <archive> [--worlds]');
      process.exitCode = 2;
    }
  } catch (error) {
    if (error instanceof ConfigError || error instanceof RestoreRefusedError) {
      console.error(error.message);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
}

await main();
