/**
 * The services features offer one another, by name. Each feature adds the
 * names it provides to `Services` from its own folder (TypeScript's
 * declaration merging), so adding a feature edits no shared list of types:
 *
 *   declare module '../services.js' { interface Services { economy: EconomyService } }
 */
// biome-ignore lint/suspicious/noEmptyInterface: empty here on purpose; each feature merges its own services into it
export interface Services {}

export class ServiceRegistry {
  private readonly services = new Map<string, unknown>();
  private readonly providers = new Map<string, string>();
  /** The feature being built, to name it in errors. */
  current = '';

  provide<K extends keyof Services>(name: K, service: Services[K]): void {
    if (this.services.has(name)) throw new Error(`feature ${this.current} provides service ${name}, already provided by ${this.providers.get(name)}`);
    this.services.set(name, service);
    this.providers.set(name, this.current);
  }

  get<K extends keyof Services>(name: K): Services[K] {
    if (!this.services.has(name)) {
      throw new Error(`feature ${this.current || '(none)'} needs service ${name}, which no feature listed before it provides`);
    }
    return this.services.get(name) as Services[K];
  }

  has(name: keyof Services): boolean {
    return this.services.has(name);
  }
}
