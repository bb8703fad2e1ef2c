import { constants } from 'node:fs';
import { chmod, type FileHandle, mkdir, open, readdir, rename, stat } from 'node:fs/promises';
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
 * A log file kept open for appending, each append on disk when it resolves.
 * On Linux the file is opened with O_DSYNC, so an append is a single write:
 * one trip through libuv's thread pool, which on an event loop busy with
 * other work costs a turn of that loop each, where opening, writing,
 * syncing and closing the file for each append cost five (four with
 * `appendDurably` below, which opens this for one append). Elsewhere each write is
 * followed by an fdatasync, which libuv makes a full flush of the drive's
 * cache on macOS (F_FULLFSYNC), as O_DSYNC there is not. A file this
 * opening created has its directory entry flushed before it is used.
 */
export class DurableAppendFile {
  private constructor(
    private readonly handle: FileHandle,
    private readonly syncsEachWrite: boolean,
  ) {}

  /** `syncFlag: false` asks for a write then an fdatasync on Linux too (the tests take both ways). */
  static async open(file: string, options: { syncFlag?: boolean } = {}): Promise<DurableAppendFile> {
    const syncFlag = (options.syncFlag ?? true) && process.platform === 'linux';
    const flags = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (syncFlag ? constants.O_DSYNC : 0);
    const handle = await open(file, flags, privateFileMode);
    try {
      if ((await handle.stat()).size === 0) await syncDirectory(path.dirname(file));
    } catch (error) {
      await handle.close();
      throw error;
    }
    return new DurableAppendFile(handle, syncFlag);
  }

  /** Resolves once every byte of `lines` is on disk; a write cut short (a disk nearly full) goes on from where it stopped, or throws what stopped it. */
  async append(lines: string): Promise<void> {
    const bytes = Buffer.from(lines);
    for (let offset = 0; offset < bytes.length; ) {
      const { bytesWritten } = await this.handle.write(bytes, offset, bytes.length - offset);
      if (bytesWritten === 0) throw new Error('the disk took none of an append');
      offset += bytesWritten;
    }
    if (!this.syncsEachWrite) await this.handle.datasync();
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

/**
 * Appends lines to a log file and returns once they are on disk, for a
 * file written now and then: opened, appended to and closed again, as
 * `DurableAppendFile` does it (a file it created has its directory entry
 * flushed too).
 */
export async function appendDurably(file: string, lines: string): Promise<void> {
  const log = await DurableAppendFile.open(file);
  try {
    await log.append(lines);
  } finally {
    await log.close();
  }
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
