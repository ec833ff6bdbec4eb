import { OUTBOX_INDEX, OUTBOX_SIDE_FIELDS } from '@pc/kit/events/outbox';
import type {
  Collection,
  DocumentStore,
  Filter,
  FindOptions,
  OutboxRecord,
  Stored,
} from '@pc/kit/ports/document-store';
import type { OfferRecord } from '../domain/offer-record.js';
import type { OfferFingerprints } from './offer-fingerprints.js';

export type StoredOffer = Stored<OfferRecord>;

/** The offers' collection (the store's outbox names it for records written with an offer). */
export const OFFERS_COLLECTION = 'offers';

/** Offers, by id (the ingest's one read), by product and country, by shop, by staleness. */
export class OfferRepository {
  private constructor(
    readonly collection: Collection<OfferRecord>,
    private readonly fingerprints: OfferFingerprints | null,
  ) {}

  /** `fingerprints`: the ingest's memo of the offers' observed fields, kept true by every `put`. */
  static async open(store: DocumentStore, fingerprints: OfferFingerprints | null = null): Promise<OfferRepository> {
    const collection = await store.collection<OfferRecord>({
      name: OFFERS_COLLECTION,
      indexes: [
        { fields: ['productId', 'country', 'active'] },
        { fields: ['productId', 'active'] },
        { fields: ['shopId', 'active', 'price.amountMinor'] },
        { fields: ['shopId', 'active', 'lastSeenAt'] },
        // A shop page's cards: the shop's offers of the products on the page (ADR 139).
        { fields: ['shopId', 'productId', 'active'] },
        // A shop's listed offers in one country in id order, read in batches (price standing, ADR 144).
        { fields: ['shopId', 'country', 'active'] },
        { fields: ['active', 'lastSeenAt'] },
        // The shopping panel's held prices, longest held first (ADR 146).
        { fields: ['priceHold.since'] },
        OUTBOX_INDEX,
      ],
      sideFields: OUTBOX_SIDE_FIELDS,
    });
    return new OfferRepository(collection, fingerprints);
  }

  get(id: string): Promise<StoredOffer | null> {
    return this.collection.get(id);
  }

  getMany(ids: readonly string[]): Promise<StoredOffer[]> {
    return this.collection.getMany([...new Set(ids)]);
  }

  /**
   * Writes only if nobody else wrote it since `expectedVersion` (0: must not exist). `fingerprint`:
   * of the observed fields the offer now has, when the caller knows it (the ingest); the memo
   * remembers it as the write commits, or forgets the offer (any other writer, a failed write).
   * `outbox`: the events of the write, for the store's outbox (`Outbox.prepare`).
   */
  async put(
    offer: OfferRecord,
    expectedVersion: number,
    fingerprint?: number,
    outbox?: readonly OutboxRecord[],
  ): Promise<StoredOffer> {
    let stored: StoredOffer;
    try {
      stored = await this.collection.put(offer, { expectedVersion, outbox });
    } catch (error) {
      this.fingerprints?.forget(offer._id);
      throw error;
    }
    if (fingerprint === undefined) this.fingerprints?.forget(offer._id);
    else this.fingerprints?.set(offer._id, fingerprint, Date.parse(offer.lastSeenAt));
    return stored;
  }

  /** Active offers of a product, in one country or all (null). Freshness is the caller's filter. */
  activeOfProduct(productId: string, country: string | null): Promise<StoredOffer[]> {
    return this.collection.find(country ? { productId, country, active: true } : { productId, active: true });
  }

  /** Up to `limit` offers of a product in any country, listed or not (a merge moves them). */
  ofProduct(productId: string, limit: number): Promise<StoredOffer[]> {
    return this.collection.find({ productId }, { limit });
  }

  /** Every offer of a product in every country, listed or not (the product page's reads at once). */
  everyOfProduct(productId: string): Promise<StoredOffer[]> {
    return this.collection.find({ productId });
  }

  /** Every offer of a product in a country, listed or not (price history). */
  allOfProduct(productId: string, country: string): Promise<StoredOffer[]> {
    return this.collection.find({ productId, country });
  }

  /** Active offers last seen before `cutoff` (the stale sweep), oldest first. */
  staleBatch(cutoffIso: string, limit: number): Promise<StoredOffer[]> {
    return this.collection.find({ active: true, lastSeenAt: { $lt: cutoffIso } }, { sort: { lastSeenAt: 1 }, limit });
  }

  /** Up to `limit` listed offers of a shop, in the order of the (shopId, active, price) index. */
  activeOfShop(shopId: string, limit: number): Promise<StoredOffer[]> {
    return this.collection.find({ shopId, active: true }, { sort: { 'price.amountMinor': 1 }, limit });
  }

  /** Up to `limit` offers whose price is held (ADR 146), in one country or all (''), longest held first. */
  priceHeld(country: string, limit: number): Promise<StoredOffer[]> {
    const held = { 'priceHold.since': { $gt: '' }, ...(country ? { country } : {}) };
    return this.collection.find(held, { sort: { 'priceHold.since': 1 }, limit });
  }

  countActiveOfShop(shopId: string): Promise<number> {
    return this.collection.count({ shopId, active: true });
  }

  find(filter: Filter, options: FindOptions): Promise<StoredOffer[]> {
    return this.collection.find(filter, options);
  }

  count(filter: Filter): Promise<number> {
    return this.collection.count(filter);
  }
}
