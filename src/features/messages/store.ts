/**
 * What the messages keep in the store: the announcements and the direct
 * messages admins sent, people-typed and so few. A store part: its
 * implementations are store-json.ts and store-postgres.ts.
 */
import { storePart } from '../../store/port.js';

export type MessageType = 'ANNOUNCEMENT' | 'DIRECT';

export interface MessageRecord {
  id: number;
  type: MessageType;
  content: string;
  createdAt: string;
  /** When an announcement stops being shown to joining players; null for direct messages, and for an announcement shown until it is removed. */
  expiresAt: string | null;
  /** The in-game recipient of a direct message. */
  recipient?: string;
  sentBy: string;
}

export interface MessageStore {
  add(message: Omit<MessageRecord, 'id'>): Promise<MessageRecord>;
  /** Newest first, skipping the newest `offset`. */
  list(limit: number, offset?: number): Promise<MessageRecord[]>;
  count(): Promise<number>;
  /** The announcements shown to joining players at `now`: those not yet expired, and those without an end. In id order. */
  activeAnnouncements(now: Date): Promise<MessageRecord[]>;
  /** Deletes what was made before `cutoff`, except announcements still shown then (without an end, or ending after it). */
  deleteBefore(cutoff: Date): Promise<number>;
  /** Deletes the announcement with this id and returns it; null when no announcement has it (a direct message is left alone). */
  removeAnnouncement(id: number): Promise<MessageRecord | null>;
}

/** The messages' store part (never rename it: the name is kept in data). */
export const messagesPart = storePart<MessageStore>('messages');
