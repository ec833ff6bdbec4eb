interface Pending<T> {
  readonly item: T;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group commit for event handlers: each handler submits its item and waits; items that arrive
 * while a batch is being written form the next batch (up to `maxItems`). A handler returns only
 * once its item is durably written, so acknowledging the event after it loses nothing, and an
 * idle consumer writes at once instead of waiting for a timer.
 *
 * A failed batch is retried item by item, so one bad event fails alone (and goes to its retry
 * and dead-letter path) instead of taking the events batched with it along.
 */
export class WriteBehindBuffer<T> {
  private queue: Pending<T>[] = [];
  private running: Promise<void> | null = null;

  constructor(
    private readonly write: (items: readonly T[]) => Promise<void>,
    private readonly maxItems: number,
  ) {}

  submit(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      // setImmediate: items submitted in the same turn (other partitions' handlers) join the batch.
      this.running ??= new Promise<void>((started) => setImmediate(started)).then(() => this.drainQueue());
    });
  }

  /** Resolves once every submitted item was written or failed. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drainQueue(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxItems);
        await this.writeBatch(batch);
      }
    } finally {
      this.running = null;
    }
  }

  private async writeBatch(batch: readonly Pending<T>[]): Promise<void> {
    try {
      await this.write(batch.map((pending) => pending.item));
      for (const pending of batch) pending.resolve();
      return;
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
    }
    for (const pending of batch) {
      try {
        await this.write([pending.item]);
        pending.resolve();
      } catch (error) {
        pending.reject(error);
      }
    }
  }
}
