import { open, stat, type FileHandle } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

/**
 * Follows a log file the way `tail -F` does: reads what is appended, a line
 * at a time, and moves on to the new file when the old one is replaced
 * (vanilla renames latest.log to a dated .log.gz at start-up and at midnight
 * and begins a new one) or cut shorter. The file stays open, so the lines
 * written just before a rotation are still read from the old file before the
 * new one. Polls, since a log on another file system or of a restarted
 * server may not be watchable; every poll reads at most `maxReadBytes`.
 */
export class LogFollower {
  private handle: FileHandle | undefined;
  private inode: number | undefined;
  private position = 0;
  private partial = '';
  private timer: NodeJS.Timeout | null = null;
  /** The poll under way, which stop waits for: a poll that moves to a rotated file opens it, and only then may it be closed. */
  private reading: Promise<void> | undefined;
  private stopped = false;

  private decoder = new StringDecoder('utf8');

  constructor(
    private readonly file: string,
    private readonly onLine: (line: string) => void,
    private readonly options: { intervalMs?: number; maxReadBytes?: number; onProblem?: (message: string) => void } = {},
  ) {}

  /**
   * Starts following from the file's end (what it holds now is old news),
   * handing its first 64 KiB to `onHead` (the server's version is there).
   */
  async start(onHead?: (line: string) => void): Promise<void> {
    this.stopped = false;
    try {
      this.handle = await open(this.file, 'r');
      const info = await this.handle.stat();
      this.inode = info.ino;
      this.position = info.size;
      if (onHead) {
        const buffer = Buffer.alloc(Math.min(info.size, 64 * 1024));
        await this.handle.read(buffer, 0, buffer.length, 0);
        for (const line of buffer.toString('utf8').split('\n')) onHead(line.replace(/\r$/, ''));
      }
    } catch (error) {
      // Not there yet: it is read from its start when it appears.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.options.onProblem?.(`cannot read ${this.file}: ${(error as Error).message}`);
    }
    this.timer = setInterval(() => void this.poll(), this.options.intervalMs ?? 250);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.reading;
    await this.handle?.close().catch(() => undefined);
    this.handle = undefined;
  }

  /** Reads what was appended since the last poll (also for tests, which need not wait for the timer); nothing once stopped. */
  poll(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.reading ??= this.readAppended().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async readAppended(): Promise<void> {
    try {
      let current: Stats | undefined;
      try {
        current = await stat(this.file);
      } catch {
        current = undefined;
      }
      if (this.handle && current && current.ino !== this.inode) {
        // Replaced: finish the old file first, then go on with the new one from its start.
        await this.readToEnd();
        await this.switchTo(`${this.file} was replaced (rotated); reading the new one from its start`);
      } else if (this.handle && current && current.size < this.position) {
        await this.switchTo(`${this.file} was cut shorter; reading it again from its start`);
      } else if (!this.handle && current) {
        await this.switchTo();
      }
      await this.readToEnd();
    } catch (error) {
      this.options.onProblem?.(`reading ${this.file}: ${(error as Error).message}`);
    }
  }

  private async switchTo(notice?: string): Promise<void> {
    await this.handle?.close().catch(() => undefined);
    this.handle = await open(this.file, 'r');
    this.inode = (await this.handle.stat()).ino;
    this.position = 0;
    this.partial = '';
    this.decoder = new StringDecoder('utf8');
    if (notice) this.options.onProblem?.(notice);
  }

  private async readToEnd(): Promise<void> {
    const handle = this.handle;
    if (!handle) return;
    const maxRead = this.options.maxReadBytes ?? 1024 * 1024;
    const buffer = Buffer.alloc(Math.min(64 * 1024, maxRead));
    let readThisPoll = 0;
    while (readThisPoll < maxRead) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, maxRead - readThisPoll), this.position);
      if (bytesRead === 0) return;
      this.position += bytesRead;
      readThisPoll += bytesRead;
      // The decoder keeps the first bytes of a character that a read cut in two until the rest comes.
      const lines = (this.partial + this.decoder.write(buffer.subarray(0, bytesRead))).split('\n');
      this.partial = lines.pop()!;
      for (const line of lines) this.onLine(line.replace(/\r$/, ''));
    }
  }
}
