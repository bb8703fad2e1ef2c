/**
 * What moderation keeps in the store: the network's record of its bans, and
 * every player's warnings and kicks, with a ban's lifting and its appeal. The
 * game's own ban lists are what each server enforces at join; this record is
 * what they are made equal to (./reconciler.ts). A store part: its
 * implementations are store-json.ts and store-postgres.ts.
 */
import type { PlayerRef } from '../../game/port.js';
import { storePart } from '../../store/port.js';

export type ModerationKind = 'ban' | 'warning' | 'kick';

/** A ban taken off before its end: by whom, when, why. */
export interface Lifting {
  at: string;
  by: string;
  reason: string;
}

export type AppealStatus = 'pending' | 'accepted' | 'rejected';

/** A banned player's one appeal of a ban, and the answer to it. */
export interface Appeal {
  text: string;
  /** The web account that appealed. */
  by: string;
  at: string;
  status: AppealStatus;
  answer: string | null;
  answeredBy: string | null;
  answeredAt: string | null;
}

export interface ModerationRecord {
  id: number;
  kind: ModerationKind;
  /** Whom it is about: a player, or for a ban of an address none. */
  player: PlayerRef | null;
  /** The address a ban is of (`203.0.113.9`); null for anything else. */
  address: string | null;
  reason: string;
  /** The actor who did it (a web username, `service`, `key:<name>`). */
  by: string;
  at: string;
  /** When a ban ends; null for one without an end, and for warnings and kicks. */
  expiresAt: string | null;
  lifted: Lifting | null;
  appeal: Appeal | null;
}

export type NewModerationRecord = Omit<ModerationRecord, 'id' | 'lifted' | 'appeal'>;

export interface ModerationFilter {
  kind?: ModerationKind;
  /** Records about this player: by UUID, or by name (any case) where the record has no UUID. */
  player?: PlayerRef;
  address?: string;
  /** Bans in force at this moment only (neither lifted nor ended). */
  inForceAt?: Date;
  /** Bans with an appeal of this status only. */
  appeal?: AppealStatus;
}

export interface ModerationStore {
  add(record: NewModerationRecord): Promise<ModerationRecord>;
  get(id: number): Promise<ModerationRecord | null>;
  /**
   * The newest ban on this player in force at `at`, or null: what every
   * transfer, purchase and sale asks, so on PostgreSQL those asked at the
   * same moment go in one statement.
   */
  banInForce(player: PlayerRef, at: Date): Promise<ModerationRecord | null>;
  /** Newest first, `limit` of them after the newest `offset`, with how many match in all. */
  list(filter: ModerationFilter, limit: number, offset: number): Promise<{ records: ModerationRecord[]; total: number }>;
  /** Marks a ban lifted; null when no ban has this id or it was already lifted. */
  lift(id: number, lifting: Lifting): Promise<ModerationRecord | null>;
  /** Gives a ban its appeal; null when no ban has this id or it was appealed already. */
  appeal(id: number, appeal: Appeal): Promise<ModerationRecord | null>;
  /** Answers a pending appeal; null when no ban has this id or its appeal is not pending. */
  answer(id: number, answer: Pick<Appeal, 'status' | 'answer' | 'answeredBy' | 'answeredAt'>): Promise<ModerationRecord | null>;
}

/** Moderation's store part (never rename it: the name is kept in data). */
export const moderationPart = storePart<ModerationStore>('moderation');

/** Whether `record` is a ban in force at `now`: not lifted, and without an end or ending later. */
export function banInForceAt(record: ModerationRecord, now: Date): boolean {
  return record.kind === 'ban' && record.lifted === null && (record.expiresAt === null || Date.parse(record.expiresAt) > now.getTime());
}

/** Whether `record` matches `filter` (the JSON store's query, and the meaning the PostgreSQL one must have). */
export function matches(record: ModerationRecord, filter: ModerationFilter): boolean {
  if (filter.kind && record.kind !== filter.kind) return false;
  if (filter.player && !samePlayer(record.player, filter.player)) return false;
  if (filter.address !== undefined && record.address !== filter.address) return false;
  if (filter.inForceAt && !banInForceAt(record, filter.inForceAt)) return false;
  if (filter.appeal && record.appeal?.status !== filter.appeal) return false;
  return true;
}

function samePlayer(recorded: PlayerRef | null, asked: PlayerRef): boolean {
  if (!recorded) return false;
  if (recorded.uuid && asked.uuid) return recorded.uuid === asked.uuid;
  return recorded.name.toLowerCase() === asked.name.toLowerCase();
}
