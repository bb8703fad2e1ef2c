import type { ConnectionLogEntry, ConnectionLogStore } from '../port.js';
import { DatedJsonLinesLog } from './dated-log.js';

export class JsonConnectionLogStore implements ConnectionLogStore {
  private constructor(private readonly log: DatedJsonLinesLog<ConnectionLogEntry>) {}

  static async open(directory: string): Promise<JsonConnectionLogStore> {
    return new JsonConnectionLogStore(await DatedJsonLinesLog.open<ConnectionLogEntry>(directory));
  }

  append(entry: Omit<ConnectionLogEntry, 'id'>): Promise<ConnectionLogEntry> {
    return this.log.append(entry);
  }

  recent(query: { limit: number; username?: string }): Promise<ConnectionLogEntry[]> {
    const wanted = query.username?.toLowerCase();
    return this.log.recent(query.limit, wanted === undefined ? undefined : (entry) => entry.username.toLowerCase() === wanted);
  }

  deleteBefore(cutoff: Date): Promise<number> {
    return this.log.deleteBefore(cutoff);
  }

  drain(): Promise<void> {
    return this.log.drain();
  }
}
