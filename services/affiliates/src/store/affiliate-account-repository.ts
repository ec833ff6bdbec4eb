import type { Collection, DocumentStore, Stored } from '@pc/kit/ports/document-store';
import type { AffiliateAccountRecord } from '../domain/advertiser-records.js';
import type { UrlParameter } from '../domain/target-url.js';

const CACHE_MS = 30_000;

/**
 * Affiliate accounts (staff data). Click-outs read the tracking parameters of a shop's active
 * accounts, remembered for half a minute (they change rarely; every click needs them). A read
 * that was under way while an account was saved does not fill that memory: it may hold the
 * parameters from before the save.
 */
export class AffiliateAccountRepository {
  private readonly parameters = new Map<string, { value: UrlParameter[]; until: number }>();
  private saves = 0;

  private constructor(private readonly collection: Collection<AffiliateAccountRecord>) {}

  static async open(store: DocumentStore): Promise<AffiliateAccountRepository> {
    const collection = await store.collection<AffiliateAccountRecord>({
      name: 'affiliate_accounts',
      indexes: [{ fields: ['shopId', 'active'] }, { fields: ['advertiserId'] }],
    });
    return new AffiliateAccountRepository(collection);
  }

  get(id: string): Promise<Stored<AffiliateAccountRecord> | null> {
    return this.collection.get(id);
  }

  async save(record: AffiliateAccountRecord, expectedVersion: number): Promise<Stored<AffiliateAccountRecord>> {
    const stored = await this.collection.put(record, { expectedVersion });
    this.saves += 1;
    this.parameters.clear();
    return stored;
  }

  /** A shop's accounts with one network, active or not (a postback's account). */
  ofShopAndNetwork(shopId: string, network: string): Promise<Stored<AffiliateAccountRecord>[]> {
    return this.collection.find({ shopId, network }, { limit: 20 });
  }

  ofAdvertiser(advertiserId: string): Promise<Stored<AffiliateAccountRecord>[]> {
    return this.collection.find({ advertiserId }, { sort: { network: 1 }, limit: 100 });
  }

  /** The tracking parameters of the shop's active accounts, in account order. */
  async trackingParametersOf(shopId: string): Promise<UrlParameter[]> {
    const now = Date.now();
    const cached = this.parameters.get(shopId);
    if (cached && cached.until > now) return cached.value;
    const savesBefore = this.saves;
    const accounts = await this.collection.find({ shopId, active: true }, { limit: 20 });
    const value = accounts.flatMap((account) => account.trackingParameters);
    if (this.saves !== savesBefore) return value;
    if (this.parameters.size > 10_000) this.parameters.clear();
    this.parameters.set(shopId, { value, until: now + CACHE_MS });
    return value;
  }
}
