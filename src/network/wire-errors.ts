/**
 * Game errors between instances: one instance throws a typed game error
 * (a player not online there, an unknown item); the instance that asked
 * throws the same error again, so the API answers the same status whichever
 * instance served the request.
 */
import {
  CapabilityMissingError,
  GameError,
  GameUnavailableError,
  InsufficientFundsError,
  InvalidArgumentError,
  PlayerNotOnlineError,
  PlayerOnOtherServerError,
  UnknownItemError,
  UnknownWorldError,
} from '../game/errors.js';

export interface WireError {
  kind: string;
  message: string;
  fields: Record<string, unknown>;
}

export function errorToWire(error: unknown): WireError {
  if (error instanceof GameError) {
    const fields = Object.fromEntries(Object.entries(error).filter(([key]) => key !== 'kind' && key !== 'name' && key !== 'message' && key !== 'stack'));
    return { kind: error.kind, message: error.message, fields };
  }
  return { kind: 'error', message: (error as Error)?.message ?? String(error), fields: {} };
}

export function errorFromWire(wire: WireError, server: string): Error {
  const field = <T>(name: string) => wire.fields[name] as T;
  switch (wire.kind) {
    case 'playerNotOnline':
      return new PlayerNotOnlineError(field('playerName'), field('role'));
    case 'unknownWorld':
      return new UnknownWorldError(field('world'), field('knownWorlds'));
    case 'unknownItem':
      return new UnknownItemError(field('item'));
    case 'invalidArgument':
      return new InvalidArgumentError(field('field'), field('rule'));
    case 'insufficientFunds':
      return new InsufficientFundsError(field('playerName'), field('neededCents'), field('balanceCents'));
    case 'capabilityMissing':
      return new CapabilityMissingError(field('adapterName'), field('capability'));
    case 'otherServer':
      return new PlayerOnOtherServerError(field('playerName'), field('server'));
    case 'gameUnavailable':
      return new GameUnavailableError(`${server}: ${wire.message}`);
    default:
      // A failure of the other instance's own: its game is as good as away for this request.
      return new GameUnavailableError(`the server ${server} could not do it: ${wire.message}`);
  }
}
