/**
 * One RCON connection, over the rcon-client package, with
 * what vanilla's RCON needs beyond it: a reply longer than 4,096 characters
 * comes in several packets with the same id, which rcon-client would cut to
 * the first. So the link also reads the socket's packets itself, and when a
 * reply may go on, sends a short second command and gathers every packet of
 * the first until the second's reply arrives (the server answers in order).
 * One command at a time, as vanilla's RCON reads one packet at a time.
 */
import { createRequire } from 'node:module';
import { Rcon } from 'rcon-client';

const require = createRequire(import.meta.url);
const { createSplitter } = require('rcon-client/lib/splitter.js') as { createSplitter(): NodeJS.ReadWriteStream };

/** Vanilla splits replies into packets of at most this many characters. */
const maxPacketCharacters = 4096;
/** A command with a short, harmless reply, sent to find where a long reply ends. */
const endMarkerCommand = 'seed';

export class RconAuthenticationError extends Error {
  override name = 'RconAuthenticationError';
}

export class RconLink {
  private readonly payloads = new Map<number, string[]>();
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(private readonly rcon: Rcon) {
    const splitter = createSplitter();
    rcon.socket!.pipe(splitter);
    splitter.on('data', (packet: Buffer) => {
      const id = packet.readInt32LE(4);
      const list = this.payloads.get(id);
      if (list) list.push(packet.subarray(12, packet.readInt32LE(0) + 2).toString('utf8'));
    });
  }

  static async open(options: { host: string; port: number; password: string; timeoutMs: number }): Promise<RconLink> {
    const rcon = new Rcon({ host: options.host, port: options.port, password: options.password, timeout: options.timeoutMs });
    // rcon-client emits socket errors on its emitter: without a listener they would be thrown.
    rcon.on('error', () => undefined);
    try {
      await rcon.connect();
    } catch (error) {
      if ((error as Error).message === 'Authentication failed') throw new RconAuthenticationError('the RCON password was refused (rcon.password in server.properties)');
      throw error;
    }
    return new RconLink(rcon);
  }

  get connected(): boolean {
    return this.rcon.authenticated && this.rcon.socket !== null;
  }

  onClose(listener: () => void): void {
    this.rcon.on('end', listener);
  }

  /** Runs one command and answers its whole reply (plain text, messages glued without newlines). */
  command(text: string): Promise<string> {
    const run = this.queue.then(() => this.exchange(text));
    this.queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    if (this.connected) await this.rcon.end().catch(() => undefined);
  }

  private async exchange(text: string): Promise<string> {
    // rcon-client numbers requests in order; the next one is this command's.
    const id = (this.rcon as unknown as { requestId: number }).requestId;
    this.payloads.set(id, []);
    try {
      const first = await this.rcon.send(text);
      if (first.length < maxPacketCharacters) return first;
      await this.rcon.send(endMarkerCommand);
      // Both readers see each chunk; let the link's own reader finish the chunk that held the marker.
      await new Promise((resolve) => setImmediate(resolve));
      return this.payloads.get(id)!.join('');
    } finally {
      this.payloads.delete(id);
    }
  }
}
