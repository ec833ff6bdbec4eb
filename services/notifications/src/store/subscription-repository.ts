import { createHash } from 'node:crypto';
import type { Collection, DocumentStore, Stored } from '@pc/kit/ports/document-store';
import type { SubscriptionRecord } from '../domain/delivery-records.js';

/** Endpoints are long URLs: their hash is the key, so one endpoint is one subscription. */
export const subscriptionId = (endpoint: string): string => createHash('sha256').update(endpoint).digest('hex');

export class SubscriptionRepository {
  private constructor(readonly collection: Collection<SubscriptionRecord>) {}

  static async open(store: DocumentStore): Promise<SubscriptionRepository> {
    return new SubscriptionRepository(
      await store.collection<SubscriptionRecord>({
        name: 'push_subscriptions',
        indexes: [{ fields: ['userId'] }, { fields: ['username'] }],
      }),
    );
  }

  byEndpoint(endpoint: string): Promise<Stored<SubscriptionRecord> | null> {
    return this.collection.get(subscriptionId(endpoint));
  }

  ofUser(userId: string): Promise<Stored<SubscriptionRecord>[]> {
    return userId ? this.collection.find({ userId }) : Promise.resolve([]);
  }

  async deleteForUser(userId: string): Promise<void> {
    for (const subscription of await this.ofUser(userId)) await this.collection.delete(subscription._id);
  }
}
