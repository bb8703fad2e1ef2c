import type { PlayerRef } from '../port.js';
import type { ManagementClient } from './management.js';

type WirePlayer = { id?: string; name?: string };

/**
 * The operators and the allowlist as the management protocol tells them,
 * while it is connected: read whole when it connects, then kept by its
 * notifications. Undefined while it is not connected (or not configured),
 * when the server's files or commands answer instead.
 */
export class ManagedLists {
  private operatorsNow: Map<string, PlayerRef> | undefined;
  private allowlistNow: Map<string, PlayerRef> | undefined;

  constructor(management: ManagementClient | undefined, logError: (message: string) => void) {
    if (!management) return;
    management.on('connection', ({ connected }) => {
      if (!connected) {
        this.operatorsNow = undefined;
        this.allowlistNow = undefined;
        return;
      }
      void Promise.all([management.call<Array<{ player?: WirePlayer }>>('operators'), management.call<WirePlayer[]>('allowlist')])
        .then(([operators, allowlist]) => {
          this.operatorsNow = byName(operators.map(playerOf));
          this.allowlistNow = byName(allowlist.map(playerOf));
        })
        .catch((error: Error) => logError(`management protocol: reading operators and the allowlist: ${error.message}`));
    });
    management.on('operatorAdded', (player) => this.operatorsNow?.set(player.name.toLowerCase(), player));
    management.on('operatorRemoved', (player) => this.operatorsNow?.delete(player.name.toLowerCase()));
    management.on('allowlistAdded', (player) => this.allowlistNow?.set(player.name.toLowerCase(), player));
    management.on('allowlistRemoved', (player) => this.allowlistNow?.delete(player.name.toLowerCase()));
  }

  get operators(): PlayerRef[] | undefined {
    return this.operatorsNow && [...this.operatorsNow.values()];
  }

  get allowlist(): PlayerRef[] | undefined {
    return this.allowlistNow && [...this.allowlistNow.values()];
  }

  /** An operator change the server confirmed: its notification may come after the command's reply. */
  noteOperator(name: string, operator: boolean): void {
    note(this.operatorsNow, name, operator);
  }

  /** An allowlist change the server confirmed: its notification may come after the command's reply. */
  noteAllowlisted(name: string, allowed: boolean): void {
    note(this.allowlistNow, name, allowed);
  }
}

function byName(list: PlayerRef[]): Map<string, PlayerRef> {
  return new Map(list.map((player) => [player.name.toLowerCase(), player]));
}

/** An operator entry carries its player inside; an allowlist entry is the player. */
function playerOf(entry: WirePlayer & { player?: WirePlayer }): PlayerRef {
  const wire = entry.player ?? entry;
  return { name: wire.name ?? '', uuid: wire.id ?? '' };
}

/** A confirmed change into a list, unless the list has it already (from the notification). */
function note(list: Map<string, PlayerRef> | undefined, name: string, present: boolean): void {
  if (!list) return;
  const key = name.toLowerCase();
  if (!present) list.delete(key);
  else if (!list.has(key)) list.set(key, { name, uuid: '' });
}
