/**
 * The results of the last changes made under an operation id, so a retry of
 * one (after a timeout, say) is answered with the first result instead of
 * being done again. Memory is bounded: the oldest are forgotten first. A
 * change that failed is forgotten at once, since it changed nothing and may
 * be tried again.
 */
export class RecentOperations<T> {
  private readonly results = new Map<string, Promise<T>>();

  constructor(private readonly capacity = 1000) {}

  /** Runs `change` unless `operationId` was seen recently; either way answers the first result. */
  once(operationId: string | undefined, change: () => Promise<T>): Promise<T> {
    if (operationId === undefined) return change();
    const remembered = this.results.get(operationId);
    if (remembered) return remembered;
    const result = change();
    this.results.set(operationId, result);
    result.catch(() => {
      if (this.results.get(operationId) === result) this.results.delete(operationId);
    });
    this.trim();
    return result;
  }

  /** The result of a change made (or being made) under this id, if it is remembered. */
  peek(operationId: string): Promise<T> | undefined {
    return this.results.get(operationId);
  }

  /** A result known from elsewhere (a player's saved file), as if the change had been made here. */
  remember(operationId: string, result: T): void {
    if (this.results.has(operationId)) return;
    this.results.set(operationId, Promise.resolve(result));
    this.trim();
  }

  private trim(): void {
    while (this.results.size > this.capacity) this.results.delete(this.results.keys().next().value!);
  }
}
