import { AlreadyExistsError } from '@pc/kit/errors/domain-errors';
import type { Collection, DocumentStore, Filter } from '@pc/kit/ports/document-store';

// The keys offers are matched on, each in a collection of its own with a scalar indexed field:
// the embedded store serves an indexed scalar from its index, while a condition on an array
// inside the product would scan (its README). Claims carry a unique index, so two writers that
// race to create a product for one new GTIN cannot both win: the loser's batch fails with
// AlreadyExistsError and is matched again against the winner's claim.

/** GTIN-14 → the product that carries it. */
export interface GtinClaimRecord {
  readonly _id: string;
  readonly gtin: string;
  readonly productId: string;
}

/** Brand key + normalised MPN → the product. */
export interface MpnClaimRecord {
  readonly _id: string;
  readonly key: string;
  readonly productId: string;
}

/** One title blocking key of a product, scoped by its brand ('' when none). */
export interface TitleKeyRecord {
  readonly _id: string;
  readonly key: string;
  readonly brandId: string;
  readonly productId: string;
  /** The product has no GTIN: the only kind an offer with a GTIN can match by title (two valid
   *  GTINs that differ are two trade items), so such offers read only these keys. */
  readonly gtinless: boolean;
}

export const mpnClaimKey = (brandKey: string, mpnKey: string): string => `${brandKey}|${mpnKey}`;

// The claim's _id names its product too: a claim rewritten by a retry of the same creation is
// the same document (unchanged), while another product's claim is a new one the index rejects.
export const gtinClaim = (gtin: string, productId: string): GtinClaimRecord => ({ _id: `${gtin}:${productId}`, gtin, productId });
export const mpnClaim = (key: string, productId: string): MpnClaimRecord => ({ _id: `${key}:${productId}`, key, productId });
export const titleKey = (key: string, brandId: string, productId: string, gtinless: boolean): TitleKeyRecord => ({ _id: `${key}|${productId}`, key, brandId, productId, gtinless });

export class ProductKeyRepository {
  private constructor(
    private readonly gtins: Collection<GtinClaimRecord>,
    private readonly mpns: Collection<MpnClaimRecord>,
    private readonly titleKeys: Collection<TitleKeyRecord>,
  ) {}

  static async open(store: DocumentStore): Promise<ProductKeyRepository> {
    const [gtins, mpns, titleKeys] = await Promise.all([
      // By product too: a merge hands its sources' claims to the target.
      store.collection<GtinClaimRecord>({ name: 'gtin_claims', indexes: [{ fields: ['gtin'], unique: true }, { fields: ['productId'] }] }),
      store.collection<MpnClaimRecord>({ name: 'mpn_claims', indexes: [{ fields: ['key'], unique: true }, { fields: ['productId'] }] }),
      store.collection<TitleKeyRecord>({ name: 'title_keys', indexes: [{ fields: ['key', 'brandId', 'gtinless'] }] }),
    ]);
    return new ProductKeyRepository(gtins, mpns, titleKeys);
  }

  /** GTIN → owning product id, for the GTINs that are claimed. */
  async gtinOwners(gtins: readonly string[]): Promise<Map<string, string>> {
    if (gtins.length === 0) return new Map();
    const claims = await this.gtins.find({ gtin: { $in: [...new Set(gtins)] } });
    return new Map(claims.map((claim) => [claim.gtin, claim.productId]));
  }

  async mpnOwners(keys: readonly string[]): Promise<Map<string, string>> {
    if (keys.length === 0) return new Map();
    const claims = await this.mpns.find({ key: { $in: [...new Set(keys)] } });
    return new Map(claims.map((claim) => [claim.key, claim.productId]));
  }

  /** Claims for new products in one batch. Throws AlreadyExistsError when any key is taken
   *  (on the embedded store nothing is written then; on MongoDB a prefix may be). */
  async claimAll(gtins: readonly GtinClaimRecord[], mpns: readonly MpnClaimRecord[]): Promise<void> {
    if (gtins.length > 0) await this.gtins.bulkPut(gtins);
    if (mpns.length > 0) await this.mpns.bulkPut(mpns);
  }

  /** Claims one GTIN for a product; false when another product holds it. */
  async claimGtin(gtin: string, productId: string): Promise<boolean> {
    return this.claimOne(() => this.gtins.put(gtinClaim(gtin, productId)), async () => (await this.gtinOwners([gtin])).get(gtin) === productId);
  }

  async claimMpn(key: string, productId: string): Promise<boolean> {
    return this.claimOne(() => this.mpns.put(mpnClaim(key, productId)), async () => (await this.mpnOwners([key])).get(key) === productId);
  }

  /**
   * Ids of products sharing any of `keys`, within one brand (null: any brand), only GTIN-less
   * ones when asked, with how many keys each shares. Code keys are read apart from word keys,
   * each read bounded: a common word pair ("apple+iphone") may hit thousands of products and must
   * not crowd out the one that shares a model code.
   */
  async titleCandidates(keys: readonly string[], scope: { brandId: string | null; gtinlessOnly: boolean }, limit: number): Promise<Map<string, number>> {
    const unique = [...new Set(keys)];
    const groups = [unique.filter((key) => key.startsWith('code:')), unique.filter((key) => !key.startsWith('code:'))].filter((group) => group.length > 0);
    const filterOf = (group: string[]): Filter => ({
      key: { $in: group },
      ...(scope.brandId === null ? {} : { brandId: scope.brandId }),
      ...(scope.gtinlessOnly ? { gtinless: true } : {}),
    });
    const reads = await Promise.all(groups.map((group) => this.titleKeys.find(filterOf(group), { limit })));
    const shared = new Map<string, number>();
    for (const hit of reads.flat()) shared.set(hit.productId, (shared.get(hit.productId) ?? 0) + 1);
    return shared;
  }

  async putTitleKeys(records: readonly TitleKeyRecord[]): Promise<void> {
    if (records.length > 0) await this.titleKeys.bulkPut(records);
  }

  /**
   * Hands every claim of `fromIds` to `toId` (a merge), each rewritten in place: the unique key
   * stays taken throughout, so no racing offer can claim it in between. (The `_id` keeps naming
   * the first owner; a later claim of the same key by `toId` finds it its own.) Idempotent.
   */
  async reassignClaims(fromIds: readonly string[], toId: string): Promise<void> {
    if (fromIds.length === 0) return;
    const from = new Set(fromIds);
    const reassign = <T extends { productId: string }>(claim: T | null): T | null => (claim && from.has(claim.productId) ? { ...claim, productId: toId } : null);
    for (const claim of await this.gtins.find({ productId: { $in: [...from] } })) await this.gtins.update(claim._id, reassign);
    for (const claim of await this.mpns.find({ productId: { $in: [...from] } })) await this.mpns.update(claim._id, reassign);
  }

  /** Frees a GTIN the product holds (it no longer carries it); another product's claim stays. */
  async releaseGtin(gtin: string, productId: string): Promise<void> {
    for (const claim of await this.gtins.find({ gtin })) if (claim.productId === productId) await this.gtins.delete(claim._id);
  }

  /** Drops title keys by id (a product's keys from names it no longer has, or of a merged product). */
  async deleteTitleKeys(ids: readonly string[]): Promise<void> {
    for (const id of new Set(ids)) await this.titleKeys.delete(id);
  }

  private async claimOne(write: () => Promise<unknown>, ownsIt: () => Promise<boolean>): Promise<boolean> {
    try {
      await write();
      return true;
    } catch (error) {
      if (error instanceof AlreadyExistsError) return ownsIt();
      throw error;
    }
  }
}
