import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Low, type Adapter } from 'lowdb';
import { StoreCorruptError } from './corrupt-data.js';
import { privateDirectoryMode, writeFileDurably } from './durable-file.js';

/**
 * Opens one lowdb JSON document (the embedded server's ops.json and
 * whitelist.json, in vanilla's format). Writes are whole, durable and atomic
 * (see DurableJsonFile); a file that exists but does not parse stops start-up,
 * since replacing it with defaults would silently lose data.
 */
export async function openDocument<T>(file: string, defaults: T, options: { pretty?: boolean } = {}): Promise<Low<T>> {
  await mkdir(path.dirname(file), { recursive: true, mode: privateDirectoryMode });
  const document = newDocument(file, defaults, options);
  try {
    await document.read();
  } catch (error) {
    throw new StoreCorruptError(`${file} cannot be read (${(error as Error).message}). It was left untouched: restore it from a backup or move it away to start empty.`);
  }
  return document;
}

/**
 * A document for a file that does not exist yet, without reading it: its
 * folder must exist. Synchronous, so callers can add to it in order.
 */
export function newDocument<T>(file: string, defaults: T, options: { pretty?: boolean } = {}): Low<T> {
  return new Low<T>(new DurableJsonFile<T>(file, options.pretty ?? false), structuredClone(defaults));
}

/**
 * lowdb's adapter, written for durability and order: each write is a whole
 * file flushed to disk and renamed into place; writes happen one at a time,
 * and a write asked for while another runs joins the next one, which starts
 * after it and so contains every change made before it was asked for. A
 * caller's write therefore resolves only once a write holding its change is
 * on disk, whatever order the promises settle in.
 */
export class DurableJsonFile<T> implements Adapter<T> {
  private running: Promise<void> | null = null;
  private next: { data: T; promise: Promise<void> } | null = null;

  constructor(
    private readonly file: string,
    private readonly pretty: boolean,
  ) {}

  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return JSON.parse(text) as T;
  }

  write(data: T): Promise<void> {
    if (this.next) {
      this.next.data = data;
      return this.next.promise;
    }
    const after = this.running ?? Promise.resolve();
    const next: { data: T; promise: Promise<void> } = {
      data,
      promise: after
        .catch(() => undefined)
        .then(() => {
          // From here on, later writes queue behind this one.
          this.next = null;
          const content = this.pretty ? `${JSON.stringify(next.data, null, 2)}\n` : JSON.stringify(next.data);
          return writeFileDurably(this.file, content);
        }),
    };
    this.next = next;
    const running = next.promise.finally(() => {
      if (this.running === running) this.running = null;
    });
    this.running = running;
    running.catch(() => undefined);
    return next.promise;
  }
}
