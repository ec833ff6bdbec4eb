import type { OwnerStreams } from '../rebuild/owner-streams.js';

/**
 * The owners' real streams, which a test can pause: once paused, each stream opened after holds
 * its first message (already read from its owner) until `resume`, so the test can change the
 * owners and let events through while a rebuild has read but not merged. Open otherwise.
 */
export class PausedStreams implements OwnerStreams {
  private gate: { promise: Promise<void>; open: () => void } | null = null;
  private holding: (() => void)[] = [];
  private readonly waiting = new Set<string>();

  constructor(private readonly owners: OwnerStreams) {}

  /** Streams opened from now on hold their first message until `resume`. */
  pause(): void {
    let open = (): void => undefined;
    const promise = new Promise<void>((resolve) => (open = resolve));
    this.gate = { promise, open };
    this.waiting.clear();
  }

  /** Resolves once both streams hold a message read from their owner. */
  async bothHeld(): Promise<void> {
    while (!(this.waiting.has('products') && this.waiting.has('prices')))
      await new Promise<void>((resolve) => this.holding.push(resolve));
  }

  resume(): void {
    this.gate?.open();
    this.gate = null;
  }

  products(signal: AbortSignal) {
    return this.held('products', this.owners.products(signal));
  }

  priceSummaries(signal: AbortSignal) {
    return this.held('prices', this.owners.priceSummaries(signal));
  }

  categories(signal: AbortSignal) {
    return this.owners.categories(signal);
  }

  offers(signal: AbortSignal) {
    return this.owners.offers(signal);
  }

  shops(signal: AbortSignal) {
    return this.owners.shops(signal);
  }

  listedShop(shopId: string, signal: AbortSignal) {
    return this.owners.listedShop(shopId, signal);
  }

  private async *held<T>(name: string, messages: AsyncIterable<T>): AsyncIterable<T> {
    const gate = this.gate;
    let first = gate !== null;
    for await (const message of messages) {
      if (first && gate) {
        first = false;
        this.waiting.add(name);
        for (const wake of this.holding.splice(0)) wake();
        await gate.promise;
      }
      yield message;
    }
  }
}
