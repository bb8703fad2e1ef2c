/**
 * Where players were last seen in each world, kept from joins, quits,
 * teleports and a check of who is online every 30 s: a store part, so it
 * survives restarts.
 */
import type { Location, PlayerRef } from '../../game/port.js';
import { storePart } from '../../store/port.js';

export interface SeenAt {
  x: number;
  y: number;
  z: number;
  at: string;
}

export interface PlayerPositions {
  uuid: string;
  name: string;
  /** The world the player was last in. */
  world: string;
  worlds: Record<string, SeenAt>;
}

export interface PositionStore {
  get(uuid: string): Promise<PlayerPositions | undefined>;
  byName(name: string): Promise<PlayerPositions | undefined>;
  /** Records several sightings in one write. */
  record(sightings: Array<{ player: PlayerRef; location: Location; at: Date }>): Promise<void>;
}

/** The positions' store part (its implementations: store-json.ts, store-postgres.ts). */
export const positionsPart = storePart<PositionStore>('player-positions');
