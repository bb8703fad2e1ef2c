/**
 * The one table from the plugin's JSON-RPC error codes to the game port's
 * typed errors (docs/bridge-protocol.md, "Errors"). The plugin puts what the
 * message needs in the error's `data` (who is not online and in which role,
 * the worlds there are, the balance); the request's params fill in only for a
 * plugin that sent no data. Nothing else in the sidecar reads error codes.
 */
import {
  CapabilityMissingError,
  GameUnavailableError,
  InsufficientFundsError,
  PlayerNotOnlineError,
  UnknownItemError,
  UnknownWorldError,
  capabilityNames,
  type Capability,
} from '../port.js';
import { errorCodes, type RpcError } from './json-rpc.js';

type Data = Record<string, unknown>;
type Params = Record<string, unknown>;

const text = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);
const cents = (value: unknown) => (Number.isSafeInteger(value) ? (value as number) : undefined);

const errorOfCode: Record<number, (data: Data, params: Params, method: string, message: string) => Error> = {
  [errorCodes.playerNotOnline]: (data, params) => {
    const role = data.role === 'target' ? 'target' : 'player';
    return new PlayerNotOnlineError(text(data.name, text(params[role === 'target' ? 'target' : 'name'], 'unknown')), role);
  },
  [errorCodes.unknownWorld]: (data, params) => {
    const worlds = Array.isArray(data.worlds) ? data.worlds.filter((world): world is string => typeof world === 'string') : [];
    return new UnknownWorldError(text(data.world, text((params.location as Params | undefined)?.world, 'unknown')), worlds);
  },
  [errorCodes.insufficientFunds]: (data, params) =>
    new InsufficientFundsError(text(data.name, text(params.name, 'unknown')), cents(data.neededCents) ?? cents(params.cents) ?? 0, cents(data.balanceCents)),
  [errorCodes.unknownItem]: (data, params) => new UnknownItemError(text(data.item, text(params.item, 'unknown'))),
  [errorCodes.closed]: (_data, _params, _method, message) => new GameUnavailableError(message),
  [errorCodes.timedOut]: (_data, _params, _method, message) => new GameUnavailableError(message),
};

/**
 * The typed error for a failed request: -32601 on a method of an optional
 * group means the plugin cannot do it (501 at the API); a code of no game
 * meaning (invalid params, an internal error) stays a plain Error naming the
 * method, which the API answers 500.
 */
export function gameErrorOf(error: RpcError, adapterName: string, method: string, params: unknown): Error {
  const data = typeof error.data === 'object' && error.data !== null ? (error.data as Data) : {};
  const asGameError = errorOfCode[error.code];
  if (asGameError) return asGameError(data, (params ?? {}) as Params, method, error.message);
  const group = method.slice(0, method.indexOf('.'));
  if (error.code === errorCodes.methodNotFound && capabilityNames.includes(group as Capability)) return new CapabilityMissingError(adapterName, group);
  return new Error(`bridge ${method}: ${error.message} (${error.code})`);
}
