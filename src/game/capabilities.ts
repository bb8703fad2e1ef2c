import { CapabilityMissingError } from './errors.js';
import type { Capabilities, Capability, GamePort } from './port.js';

/** `game.require(name)` for every adapter: the group, or the typed error that the API answers 501 for. */
export function requireCapability<C extends Capability>(game: Pick<GamePort, 'adapterName' | 'capability'>, name: C): Capabilities[C] {
  const group = game.capability(name);
  if (!group) throw new CapabilityMissingError(game.adapterName, name);
  return group;
}
