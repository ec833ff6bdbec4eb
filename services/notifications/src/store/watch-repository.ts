import { OUTBOX_INDEX, OUTBOX_SIDE_FIELDS, type OutboxFields } from '@pc/kit/events/outbox';
import type { Collection, DocumentStore } from '@pc/kit/ports/document-store';

/**
 * How many price alerts watch a product (collection `product_watches`, id = product id): the
 * count last told to the crawler. ProductWatchChanged goes out with each write (outbox).
 */
export interface ProductWatchRecord extends OutboxFields {
  readonly _id: string;
  /** Alerts on the product that are armed or fired, in every country. */
  readonly activeAlerts: number;
  readonly updatedAt: string;
}

export class WatchRepository {
  private constructor(readonly collection: Collection<ProductWatchRecord>) {}

  static async open(store: DocumentStore): Promise<WatchRepository> {
    const collection = await store.collection<ProductWatchRecord>({
      name: 'product_watches',
      indexes: [OUTBOX_INDEX, { fields: ['activeAlerts'] }],
      sideFields: OUTBOX_SIDE_FIELDS,
    });
    return new WatchRepository(collection);
  }
}
