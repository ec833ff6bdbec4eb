import type { Collection, DocumentStore, Stored } from '@pc/kit/ports/document-store';
import type { OfferTargetRecord } from '../domain/offer-target.js';

/** The offer locations (read model of OfferChanged). */
export class OfferTargetRepository {
  private constructor(private readonly collection: Collection<OfferTargetRecord>) {}

  static async open(store: DocumentStore): Promise<OfferTargetRepository> {
    return new OfferTargetRepository(await store.collection<OfferTargetRecord>({ name: 'offer_locations' }));
  }

  get(locationId: string): Promise<Stored<OfferTargetRecord> | null> {
    return this.collection.get(locationId);
  }

  /** Keeps `next` unless a newer (or the same) version is held: events may come again or late. */
  async apply(next: OfferTargetRecord): Promise<void> {
    await this.collection.update(next._id, (current) => (current && current.version >= next.version ? null : next));
  }
}
