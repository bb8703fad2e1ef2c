/**
 * The store parts a store opened, each with what it opened for the store's
 * life (day files, a writer), bound to an access when asked: the same on
 * every store kind, which differ only in how one part binds.
 */
import type { StorePart } from './port.js';

/** A part's implementation on one store kind, as far as opening and closing go. */
interface PartImplementation {
  close?(opened: unknown): Promise<void>;
}

export class OpenedParts<Access, Implementation extends PartImplementation> {
  constructor(
    private readonly parts: ReadonlyMap<string, { implementation: Implementation; opened: unknown }>,
    private readonly bindOne: (implementation: Implementation, access: Access, opened: unknown) => unknown,
  ) {}

  /** A function answering each part's stores over `access`, each bound once (a unit of work asks for the same parts many times). */
  binderFor(access: Access): <P>(definition: StorePart<P>) => P {
    const bound = new Map<string, unknown>();
    return <P>(definition: StorePart<P>): P => {
      let stores = bound.get(definition.name);
      if (stores === undefined) bound.set(definition.name, (stores = this.bind(definition, access)));
      return stores as P;
    };
  }

  /** Finishes what every part still writes, before the database closes. */
  async close(): Promise<void> {
    await Promise.all([...this.parts.values()].map(({ implementation, opened }) => implementation.close?.(opened)));
  }

  private bind<P>(definition: StorePart<P>, access: Access): P {
    const part = this.parts.get(definition.name);
    if (!part) throw new Error(`store part ${definition.name} was not declared when the store opened`);
    return this.bindOne(part.implementation, access, part.opened) as P;
  }
}
