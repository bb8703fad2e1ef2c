/**
 * Reads a backup archive: its manifest (for the list of backups, from the
 * zip's central directory without reading the rest), and every entry checked
 * against the manifest's SHA-256 and written out where the caller says. An
 * archive cut short, with an entry changed, missing or added, or with a
 * manifest that is not one, is refused with what is wrong.
 */
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { privateDirectoryMode, privateFileMode } from '../../lib/durable-file.js';
import { checksumStream } from './checksum-stream.js';
import { letGo } from './archive-writer.js';
import { ArchiveError, type BackupManifest, manifestName, parseManifest } from './manifest.js';

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: true }, (error, zip) => {
      if (error) reject(new ArchiveError(`${path.basename(file)} is not a whole zip archive (${error.message}): it is damaged or was cut short`));
      else resolve(zip);
    }),
  );
}

/** Every entry of the zip, in order. */
async function* entriesOf(zip: yauzl.ZipFile): AsyncGenerator<yauzl.Entry> {
  for (;;) {
    const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
      const onEntry = (found: yauzl.Entry) => {
        zip.off('end', onEnd);
        zip.off('error', onError);
        resolve(found);
      };
      const onEnd = () => {
        zip.off('entry', onEntry);
        zip.off('error', onError);
        resolve(null);
      };
      const onError = (error: Error) => {
        zip.off('entry', onEntry);
        zip.off('end', onEnd);
        reject(new ArchiveError(`the archive's list of files is damaged (${error.message})`));
      };
      zip.once('entry', onEntry);
      zip.once('end', onEnd);
      zip.once('error', onError);
      zip.readEntry();
    });
    if (!entry) return;
    yield entry;
  }
}

async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The archive's manifest, read without reading its files. */
export async function readManifest(file: string): Promise<BackupManifest> {
  const zip = await openZip(file);
  try {
    for await (const entry of entriesOf(zip)) {
      if (entry.fileName === manifestName) return parseManifest((await readEntry(zip, entry)).toString('utf8'));
    }
    throw new ArchiveError(`it has no ${manifestName}: the archive is damaged or not a Gatehouse backup`);
  } finally {
    zip.close();
  }
}

/**
 * Reads every entry, checks it against the manifest, and writes each to
 * `destination(entryPath)` (a full path; undefined to skip it). Throws
 * ArchiveError at the first thing wrong; what it wrote is then the caller's
 * to remove (it writes only where the caller points, never in place).
 */
export async function extractVerified(
  file: string,
  manifest: BackupManifest,
  destination: (entry: string) => string | undefined,
  onProgress: (bytes: number) => void = () => undefined,
): Promise<void> {
  const expected = new Map(manifest.files.map((archived) => [archived.path, archived]));
  const seen = new Set<string>();
  const zip = await openZip(file);
  try {
    for await (const entry of entriesOf(zip)) {
      if (entry.fileName === manifestName) continue;
      const archived = expected.get(entry.fileName);
      if (!archived) throw new ArchiveError(`${entry.fileName} is in the archive but not in its manifest: the archive was changed`);
      if (seen.has(entry.fileName)) throw new ArchiveError(`${entry.fileName} is twice in the archive`);
      seen.add(entry.fileName);
      const target = destination(entry.fileName);
      const counted = checksumStream(onProgress);
      try {
        // The file is opened before the entry's stream: that stream inflates as soon as it is made, and a damaged entry's error must find the pipeline listening.
        if (target) {
          await mkdir(path.dirname(target), { recursive: true, mode: privateDirectoryMode });
          const handle = await open(target, 'wx', privateFileMode);
          const output = handle.createWriteStream({ autoClose: false });
          try {
            await pipeline(await zip.openReadStreamPromise(entry), counted.stream, output);
            await handle.datasync();
          } finally {
            await letGo(output);
            await handle.close();
          }
        } else {
          // Read to the end (hashed) and dropped: a world this restore leaves where it is.
          await pipeline(await zip.openReadStreamPromise(entry), counted.stream, new Writable({ write: (_chunk, _encoding, done) => done() }));
        }
      } catch (error) {
        // Writing it out failed (a full disk): not the archive's fault.
        if (error instanceof ArchiveError || (error as NodeJS.ErrnoException).syscall !== undefined) throw error;
        throw new ArchiveError(`${entry.fileName} cannot be read from the archive (${(error as Error).message}): the archive is damaged`);
      }
      const { bytes, sha256 } = counted.checksum();
      if (bytes !== archived.bytes || sha256 !== archived.sha256) {
        throw new ArchiveError(`${entry.fileName} does not match its checksum in the manifest: the archive is damaged`);
      }
    }
  } finally {
    zip.close();
  }
  const missing = manifest.files.filter((archived) => !seen.has(archived.path));
  if (missing.length > 0) throw new ArchiveError(`${missing[0]!.path} (and ${missing.length - 1} more) is in the manifest but not in the archive: the archive is damaged`);
}
