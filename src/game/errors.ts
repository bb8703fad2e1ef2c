/**
 * What can go wrong when a service asks the game, as typed errors. Adapters
 * throw them (the bridge maps the plugin's JSON-RPC error codes to them in one
 * table); the HTTP layer maps them to statuses in one table
 * (src/http/error-statuses.ts). Services never pre-check with extra round
 * trips: they ask once and let these errors speak.
 */
import { ExpectedError } from '../lib/expected-error.js';

export abstract class GameError extends ExpectedError {
  abstract readonly kind: GameErrorKind;
}

export type GameErrorKind = 'playerNotOnline' | 'unknownWorld' | 'unknownItem' | 'invalidArgument' | 'insufficientFunds' | 'gameUnavailable' | 'capabilityMissing' | 'otherServer';

/** A named player is not online; `role` says which of two (a teleport's target, say). */
export class PlayerNotOnlineError extends GameError {
  override name = 'PlayerNotOnlineError';
  readonly kind = 'playerNotOnline';
  constructor(
    readonly playerName: string,
    readonly role: 'player' | 'target' = 'player',
  ) {
    super(`${role === 'target' ? 'Target player' : 'Player'} ${playerName} is not online`);
  }
}

/** A world the game does not have. */
export class UnknownWorldError extends GameError {
  override name = 'UnknownWorldError';
  readonly kind = 'unknownWorld';
  constructor(
    readonly world: string,
    readonly knownWorlds: string[] = [],
  ) {
    super(`World ${world} not found${knownWorlds.length ? `; worlds: ${knownWorlds.join(', ')}` : ''}`);
  }
}

/** An item identifier the game does not know. */
export class UnknownItemError extends GameError {
  override name = 'UnknownItemError';
  readonly kind = 'unknownItem';
  constructor(readonly item: string) {
    super(`Unknown item ${item}`);
  }
}

/**
 * A value a game command cannot carry as it is (a player name with a space,
 * a world id with more words after it, a text too long for one packet):
 * refused before anything is sent. `field` names what was wrong.
 */
export class InvalidArgumentError extends GameError {
  override name = 'InvalidArgumentError';
  readonly kind = 'invalidArgument';
  constructor(
    readonly field: string,
    readonly rule: string,
  ) {
    super(`${field} ${rule}`);
  }
}

/** A withdrawal larger than the balance; nothing was taken. Amounts in cents. */
export class InsufficientFundsError extends GameError {
  override name = 'InsufficientFundsError';
  readonly kind = 'insufficientFunds';
  constructor(
    readonly playerName: string,
    readonly neededCents: number,
    readonly balanceCents?: number,
  ) {
    super('Insufficient funds');
  }
}

/** The game is not reachable right now (the bridge is down, the server restarting). */
export class GameUnavailableError extends GameError {
  override name = 'GameUnavailableError';
  readonly kind = 'gameUnavailable';
}

/** The adapter cannot do this at all (a vanilla server has no boss-bar API, say). */
export class CapabilityMissingError extends GameError {
  override name = 'CapabilityMissingError';
  readonly kind = 'capabilityMissing';
  constructor(
    readonly adapterName: string,
    readonly capability: string,
  ) {
    super(`The ${adapterName} game adapter cannot ${capabilityWork[capability] ?? `do this (no ${capability} capability)`}`);
  }
}

/** On a network: two players who must be on one server (a teleport to a player) are on different ones. */
export class PlayerOnOtherServerError extends GameError {
  override name = 'PlayerOnOtherServerError';
  readonly kind = 'otherServer';
  constructor(
    readonly playerName: string,
    readonly server: string,
  ) {
    super(`${playerName} is on another server of the network (${server})`);
  }
}

/** What each capability lets Gatehouse do, for the 501 sentence. */
const capabilityWork: Record<string, string> = {
  whitelist: 'manage the whitelist',
  messaging: 'send messages to players',
  teleports: 'teleport players',
  bossBars: 'show boss bars',
  inventories: 'read or change inventories',
  economy: 'reach an economy',
  control: 'change server settings or restart the server',
  console: 'run console commands',
  performance: 'report its tick rate',
  moderation: 'ban or kick players',
  saves: 'pause the saving of its worlds for a backup',
};
