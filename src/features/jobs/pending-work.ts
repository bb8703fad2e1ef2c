import type { PlayerRef } from '../../game/port.js';

/** Work done in one job on one UTC day, counted but not yet written to the store. */
export interface PendingWork {
  player: PlayerRef;
  job: string;
  /** YYYY-MM-DD: the day the work counts toward the daily cap of. */
  day: string;
  /** Pay in ten-thousandths of a cent, after the level's multiplier and the cap. */
  units: number;
  experience: number;
  actions: number;
}

/**
 * Work added up per player, job and day between payouts, so thousands of
 * blocks make one write and one REWARD transaction per player. `take`
 * empties it for a payout; `restore` puts the work back when the payout
 * could not be written, so it is paid by a later one and never dropped.
 */
export class PendingWorkTally {
  private entries = new Map<string, PendingWork>();

  get size(): number {
    return this.entries.size;
  }

  add(player: PlayerRef, job: string, day: string, units: number, experience: number): void {
    const key = `${player.uuid}\u0000${job}\u0000${day}`;
    const entry = this.entries.get(key);
    if (entry) {
      entry.units += units;
      entry.experience += experience;
      entry.actions += 1;
      // The latest name wins: a renamed player is paid under the new one.
      entry.player = player;
    } else {
      this.entries.set(key, { player, job, day, units, experience, actions: 1 });
    }
  }

  take(): PendingWork[] {
    const taken = [...this.entries.values()];
    this.entries = new Map();
    return taken;
  }

  restore(work: PendingWork[]): void {
    for (const entry of work) {
      const key = `${entry.player.uuid}\u0000${entry.job}\u0000${entry.day}`;
      const newer = this.entries.get(key);
      if (!newer) {
        this.entries.set(key, { ...entry });
        continue;
      }
      newer.units += entry.units;
      newer.experience += entry.experience;
      newer.actions += entry.actions;
    }
  }
}
