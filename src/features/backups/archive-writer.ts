/**
 * Writes one backup archive: a zip (yazl, deflate) of the files given, each
 * hashed (SHA-256) as it goes in, with the manifest as the last entry. The
 * archive is written under a temporary name starting with a dot, which no
 * listing shows, synced to disk, and only then renamed to its own name
 * (and the directory synced): a backup cut short by a crash or a full disk
 * never looks like one.
 */
import type { WriteStream } from 'node:fs';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import yazl from 'yazl';
import { privateFileMode, syncDirectory } from '../../lib/durable-file.js';
import { checksumStream } from './checksum-stream.js';
import { type ArchivedFile, type BackupManifest, manifestName } from './manifest.js';

/** The temporary name of an archive being written: a dot first, so listings skip it; the process id, so a leftover can be told. */
export function partialName(finalName: string): string {
  return `.${finalName}.${process.pid}.partial`;
}

export const partialPattern = /^\.(.+)\.(\d+)\.partial$/;

export class ArchiveWriter {
  private readonly files: ArchivedFile[] = [];
  private bytesIn = 0;
  private failure: Error | null = null;
  private readonly failed: Promise<never>;
  private readonly written: Promise<void>;

  private readonly output: WriteStream;

  private constructor(
    private readonly zip: yazl.ZipFile,
    private readonly handle: FileHandle,
    private readonly temporary: string,
    private readonly final: string,
  ) {
    const output = handle.createWriteStream({ autoClose: false });
    this.output = output;
    let fail!: (error: Error) => void;
    this.failed = new Promise<never>((_resolve, reject) => {
      fail = reject;
    });
    this.failed.catch(() => undefined);
    const onError = (error: Error) => {
      this.failure ??= error;
      fail(error);
    };
    output.on('error', onError);
    zip.on('error', onError);
    zip.outputStream.on('error', onError);
    this.written = new Promise<void>((resolve) => output.on('finish', () => resolve()));
    zip.outputStream.pipe(output);
  }

  /** Starts `name` in `directory` (under its temporary name); fails at once where the directory cannot be written. */
  static async create(directory: string, name: string): Promise<ArchiveWriter> {
    const temporary = path.join(directory, partialName(name));
    const handle = await open(temporary, 'wx', privateFileMode);
    return new ArchiveWriter(new yazl.ZipFile(), handle, temporary, path.join(directory, name));
  }

  /** Bytes of the files added so far (before compression). */
  get bytesAdded(): number {
    return this.bytesIn;
  }

  get filesAdded(): number {
    return this.files.length;
  }

  /**
   * Adds a file read from disk under `entry`; answers false (adding nothing)
   * when the file is gone (deleted since it was listed).
   */
  async addFile(entry: string, file: string): Promise<boolean> {
    let handle: FileHandle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
    const stream = handle.createReadStream({ autoClose: false });
    try {
      const stat = await handle.stat();
      await this.addStream(entry, stream, stat.mtime);
    } finally {
      await letGo(stream);
      await handle.close();
    }
    return true;
  }

  addBuffer(entry: string, content: Buffer): Promise<void> {
    const stream = new PassThrough();
    stream.end(content);
    return this.addStream(entry, stream, new Date());
  }

  /** Adds the manifest (with every file's checksum), completes the archive, syncs it and gives it its name. */
  async finish(manifest: Omit<BackupManifest, 'files'>): Promise<{ file: string; bytes: number; manifest: BackupManifest }> {
    const whole: BackupManifest = { ...manifest, files: this.files };
    this.zip.addBuffer(Buffer.from(`${JSON.stringify(whole, null, 2)}\n`), manifestName, { mtime: new Date() });
    this.zip.end();
    await Promise.race([this.written, this.failed]);
    if (this.failure) throw this.failure;
    await this.handle.datasync();
    const { size } = await this.handle.stat();
    await letGo(this.output);
    await this.handle.close();
    await rename(this.temporary, this.final);
    await syncDirectory(path.dirname(this.final));
    return { file: this.final, bytes: size, manifest: whole };
  }

  /** Gives up: the temporary file is deleted (whatever went wrong, nothing half-written stays). */
  async abort(): Promise<void> {
    await letGo(this.output);
    await this.handle.close().catch(() => undefined);
    await rm(this.temporary, { force: true });
  }

  private async addStream(entry: string, source: NodeJS.ReadableStream, mtime: Date): Promise<void> {
    if (this.failure) throw this.failure;
    const counted = checksumStream((bytes) => (this.bytesIn += bytes));
    const hashing = counted.stream;
    const consumed = new Promise<void>((resolve, reject) => {
      hashing.on('end', resolve);
      hashing.on('error', reject);
      (source as PassThrough).on('error', reject);
    });
    source.pipe(hashing);
    this.zip.addReadStream(hashing, entry, { mtime, mode: 0o100600 });
    await Promise.race([consumed, this.failed]);
    this.files.push({ path: entry, ...counted.checksum() });
  }
}

/**
 * Destroys a stream made over a FileHandle (which closes the handle, even
 * with autoClose false) and waits for it: a stream that merely ended still
 * holds the handle, whose close() would then wait forever. Whatever needs
 * the handle open (a sync) comes before.
 */
export async function letGo(stream: Readable | Writable): Promise<void> {
  if (stream.closed) return;
  const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()));
  stream.destroy();
  await closed;
}
