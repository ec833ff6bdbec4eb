import type { Collection, DocumentStore } from '@pc/kit/ports/document-store';

/** A provider event billing has processed (id = Stripe's event id): the idempotency record. */
export interface WebhookEventRecord {
  readonly _id: string;
  readonly type: string;
  /** The event's `created`, seconds. */
  readonly created: number;
  readonly receivedAt: string;
  /** Whether it changed anything (false: of no interest, or older than what was held). */
  readonly applied: boolean;
}

export class WebhookEventRepository {
  private constructor(readonly collection: Collection<WebhookEventRecord>) {}

  static async open(store: DocumentStore): Promise<WebhookEventRepository> {
    return new WebhookEventRepository(await store.collection<WebhookEventRecord>({ name: 'webhook_events' }));
  }

  get(id: string): Promise<WebhookEventRecord | null> {
    return this.collection.get(id);
  }

  async record(event: WebhookEventRecord): Promise<void> {
    await this.collection.put(event);
  }
}
