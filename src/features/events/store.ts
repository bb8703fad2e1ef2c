/**
 * What the events keep in the store: the durable event log, each event with
 * an id that only grows (on a network, one sequence for every server), kept
 * for events.keep-hours, so a stream that reconnects with Last-Event-ID gets
 * what it missed. A store part: its implementations are store-json.ts and
 * store-postgres.ts.
 */
import { storePart } from '../../store/port.js';

export interface StoredEvent {
  id: number;
  /** The kind (`player.joined`). */
  type: string;
  timestamp: string;
  /** The `server.id` of the instance it happened on. */
  server: string;
  data: unknown;
}

export type NewEvent = Omit<StoredEvent, 'id'>;

export interface EventLogStore {
  /** Writes the events in order, each with the next id; resolves with them once durable. */
  append(events: readonly NewEvent[]): Promise<StoredEvent[]>;
  /** Up to `limit` events with ids above `id`, in id order. */
  after(id: number, limit: number): Promise<StoredEvent[]>;
  /** The events from `first` to `last` (both included) that `server` wrote. */
  range(first: number, last: number, server: string): Promise<StoredEvent[]>;
  /** The lowest id still kept (`latest + 1` when none is), and the highest id ever given. */
  bounds(): Promise<{ oldest: number; latest: number }>;
  /** Deletes events older than `cutoff`; returns how many went (events, or whole files of them). */
  deleteBefore(cutoff: Date): Promise<number>;
}

/** The event log's store part (never rename it: the name is kept in data). */
export const eventLogPart = storePart<EventLogStore>('events');
