import type { Collection, DocumentStore } from '@pc/kit/ports/document-store';

/** The latest SubscriptionChanged applied per subscription (billing's version and what it said). */
export interface HeldSubscription {
  /** Billing's subscription id. */
  readonly _id: string;
  readonly userId: string;
  readonly version: number;
  readonly status: string;
  readonly shopIds: readonly string[];
  readonly appliedAt: string;
}

/** Billing's subscriptions as offers last applied them: a change applies only above the held version. */
export class SubscriptionRepository {
  private constructor(private readonly held: Collection<HeldSubscription>) {}

  static async open(store: DocumentStore): Promise<SubscriptionRepository> {
    return new SubscriptionRepository(await store.collection<HeldSubscription>({ name: 'billing_subscriptions' }));
  }

  get(subscriptionId: string): Promise<HeldSubscription | null> {
    return this.held.get(subscriptionId);
  }

  /** Keeps `next` unless a higher version is held already (two deliveries racing). */
  async hold(next: HeldSubscription): Promise<void> {
    await this.held.update(next._id, (current) => (current && current.version >= next.version ? null : next));
  }
}
