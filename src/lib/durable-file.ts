import { chmod, mkdir, open, readdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';

/** Data files hold password hashes, e-mails, addresses and secrets: readable by their owner only. */
export const privateFileMode = 0o600;
export const privateDirectoryMode = 0o700;

/**
 * Writes a whole file so that a crash (of this process or of the machine)
 * leaves either the old or the new content, never half of one: a temporary
 * file is written and flushed to disk, renamed over the old one, and the
 * directory entry is flushed too. Owner-only permissions from the start.
 */
export async function writeFileDurably(file: string, content: string | Uint8Array): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
  const handle = await open(temporary, 'w', privateFileMode);
  try {
    await handle.writeFile(content);
    await handle.datasync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  await syncDirectory(path.dirname(file));
}

/**
 * Appends lines to a log file and returns once they are on disk; a file this
 * append created is durable only once its directory entry is, so that is
 * flushed too.
 */
export async function appendDurably(file: string, lines: string): Promise<void> {
  const handle = await open(file, 'a', privateFileMode);
  let created = false;
  try {
    created = (await handle.stat()).size === 0;
    await handle.write(lines);
    await handle.datasync();
  } finally {
    await handle.close();
  }
  if (created) await syncDirectory(path.dirname(file));
}

/** Flushes a directory's entries (a rename or a new file) to disk. */
export async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Creates a directory owner-only, or tightens an existing one that others
 * could read (data directories made by earlier versions were 0755).
 * Returns true when it tightened one that held data, so the caller can say
 * so; entries named in `notData` (a README shipped in the folder, say) do
 * not count, since a directory that held nothing else exposed nothing.
 */
export async function ensurePrivateDirectory(directory: string, notData: readonly string[] = []): Promise<boolean> {
  await mkdir(directory, { recursive: true, mode: privateDirectoryMode });
  const { mode } = await stat(directory);
  if ((mode & 0o077) === 0) return false;
  await chmod(directory, privateDirectoryMode);
  const entries = await readdir(directory);
  return entries.some((entry) => !notData.includes(entry));
}
