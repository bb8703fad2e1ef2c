/**
 * The one table from the game port's typed errors to HTTP statuses and
 * stable codes. The error middleware consults it; nothing else maps game
 * failures to statuses.
 */
import type { GameError, GameErrorKind } from '../game/errors.js';
import { ApiError } from '../errors.js';

const statusOfGameError: Record<GameErrorKind, { status: number; code: string; prefix?: string }> = {
  playerNotOnline: { status: 404, code: 'player_not_online' },
  unknownWorld: { status: 404, code: 'world_not_found' },
  unknownItem: { status: 400, code: 'unknown_item' },
  invalidArgument: { status: 400, code: 'invalid_field' },
  insufficientFunds: { status: 400, code: 'insufficient_funds' },
  gameUnavailable: { status: 503, code: 'game_unavailable', prefix: 'Game server not available: ' },
  capabilityMissing: { status: 501, code: 'not_supported' },
  otherServer: { status: 409, code: 'on_another_server' },
};

export function apiErrorOfGameError(error: GameError): ApiError {
  const { status, code, prefix = '' } = statusOfGameError[error.kind];
  return new ApiError(status, prefix + error.message, code);
}
