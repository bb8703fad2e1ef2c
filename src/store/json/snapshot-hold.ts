/**
 * What keeps the JSON store's files still while a snapshot of them is copied
 * (a backup): one snapshot at a time, taken once no checkpoint is under way,
 * and checkpoints wait until it is released. Only checkpoints rewrite the
 * tables' files and delete journal segments, so while it is held the files
 * on disk are those of the last checkpoint and the journal's closed
 * segments every unit after it.
 */
export class SnapshotHold {
  private held: { released: Promise<void>; release: () => void } | null = null;

  /** Waits for the checkpoint under way (and another snapshot's hold) to end, then holds. */
  async take(checkpointUnderWay: () => Promise<void> | null): Promise<void> {
    for (;;) {
      if (this.held) {
        await this.held.released;
        continue;
      }
      const checkpoint = checkpointUnderWay();
      if (!checkpoint) break;
      await checkpoint.catch(() => undefined);
    }
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.held = { released, release };
  }

  /** Resolves once no snapshot holds the files. */
  async released(): Promise<void> {
    while (this.held) await this.held.released;
  }

  release(): void {
    const held = this.held;
    this.held = null;
    held?.release();
  }
}
