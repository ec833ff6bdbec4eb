import { AlreadyExistsError } from '@pc/kit/errors/domain-errors';
import type { Collection, DocumentStore, Filter } from '@pc/kit/ports/document-store';
import { hashId } from '../domain/ids.js';
import { CommonTitleKeys } from './common-title-keys.js';

// The keys offers are matched on, each in a collection of its own with a scalar indexed field:
// the embedded store serves an indexed scalar from its index, while a condition on an array
// inside the product would scan (its README). Claims carry a unique index, so two writers that
// race to create a product for one new GTIN cannot both win: the loser's batch fails with
// AlreadyExistsError and is matched again against the winner's claim. A product created from a
// title alone (no GTIN, no brand + MPN) claims its title the same way (`titleClaimKey`).

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

/** Language, brand, category and normalised title (`titleClaimKey`) → the product created from
 *  an offer that carried nothing else to claim. */
export interface TitleClaimRecord {
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

/** Products sharing a title key (in an offer's scope) beyond which the key tells nothing. */
export const COMMON_TITLE_KEY_PRODUCTS = 64;

/**
 * What sharing one key says, by how many products share it: a model code four colours share
 * tells more than a word pair ("ferngesteuertes+auto") sixty of a brand's products share. Ranked
 * by count alone, a product named in another language (sharing the code and little else) fell
 * behind sixty named in the offer's language and was never compared.
 */
export const keyWeight = (productsSharing: number): number => 1 / Math.max(productsSharing, 1);

/** Where an offer's title candidates may come from: its brand's products, GTIN-less ones. */
export interface TitleKeyScope {
  readonly brandId: string | null;
  readonly gtinlessOnly: boolean;
}

interface KeyHits {
  readonly productIds: readonly string[];
  /** More products share the key than COMMON_TITLE_KEY_PRODUCTS (productIds holds some of them). */
  readonly common: boolean;
}

/** Key reads shared by the offers of one batch (a feed's offers share many keys). */
export type TitleKeyReads = Map<string, Promise<KeyHits>>;

/** A key within a scope: a key common across brands may be rare within one. */
const scopedKey = (key: string, scope: TitleKeyScope): string =>
  `${scope.brandId === null ? '*' : `b:${scope.brandId}`}\u0000${scope.gtinlessOnly}\u0000${key}`;

export const mpnClaimKey = (brandKey: string, mpnKey: string): string => `${brandKey}|${mpnKey}`;

/** What a title claim is scoped by, besides the title's words. */
export interface TitleClaimScope {
  /** The language the product's name is written in (the offer's). */
  readonly language: string;
  /** The offer's brand key, '' when it names none. */
  readonly brandKey: string;
  /** The offer's Google product category, 0 when it names none. */
  readonly googleCategoryId: number;
  /** The offer's normalised MPN when it has one but no brand (no brand + MPN claim), else ''. */
  readonly mpnKey: string;
}

/**
 * The key of a title claim: two offers share it only when they name the same brand, language and
 * Google category (and MPN, if any) and their titles have the same name tokens (`titleNameTokens`:
 * case, accents, punctuation and word order aside), which the matcher takes for one product. The
 * tokens are hashed (20 base-32 characters, 100 bits) so that a long title makes no long key.
 */
export const titleClaimKey = (scope: TitleClaimScope, nameTokens: readonly string[]): string =>
  `${scope.language}|${scope.brandKey}|${scope.googleCategoryId}|${hashId(['title', scope.mpnKey, ...nameTokens], 20)}`;

// The claim's _id names its product too: a claim rewritten by a retry of the same creation is
// the same document (unchanged), while another product's claim is a new one the index rejects.
export const gtinClaim = (gtin: string, productId: string): GtinClaimRecord => ({
  _id: `${gtin}:${productId}`,
  gtin,
  productId,
});
export const mpnClaim = (key: string, productId: string): MpnClaimRecord => ({
  _id: `${key}:${productId}`,
  key,
  productId,
});
export const titleClaim = (key: string, productId: string): TitleClaimRecord => ({
  _id: `${key}:${productId}`,
  key,
  productId,
});
export const titleKey = (key: string, brandId: string, productId: string, gtinless: boolean): TitleKeyRecord => ({
  _id: `${key}|${productId}`,
  key,
  brandId,
  productId,
  gtinless,
});
/** The product of a title key record, from its id alone (the inverse of `titleKey`'s `_id`). */
const productOfTitleKeyId = (id: string, key: string): string => id.slice(key.length + 1);

/** Which derivation of title keys a store's keys follow (title-key-backfill.ts). */
interface KeyVersionRecord {
  readonly _id: string;
  readonly version: number;
  /** A pass toward `version` that stopped midway: the last product id it filed. */
  readonly resumeAfter?: string;
}

/** Where an unfinished title-key pass toward a version stopped. */
export interface TitleKeysProgress {
  readonly version: number;
  readonly after: string;
}

export class ProductKeyRepository {
  private constructor(
    private readonly gtins: Collection<GtinClaimRecord>,
    private readonly mpns: Collection<MpnClaimRecord>,
    private readonly titles: Collection<TitleClaimRecord>,
    private readonly titleKeys: Collection<TitleKeyRecord>,
    private readonly versions: Collection<KeyVersionRecord>,
    private readonly commonKeys: CommonTitleKeys,
  ) {}

  static async open(store: DocumentStore, commonKeys = new CommonTitleKeys()): Promise<ProductKeyRepository> {
    const [gtins, mpns, titles, titleKeys, versions] = await Promise.all([
      // By product too: a merge hands its sources' claims to the target.
      store.collection<GtinClaimRecord>({
        name: 'gtin_claims',
        indexes: [{ fields: ['gtin'], unique: true }, { fields: ['productId'] }],
      }),
      store.collection<MpnClaimRecord>({
        name: 'mpn_claims',
        indexes: [{ fields: ['key'], unique: true }, { fields: ['productId'] }],
      }),
      store.collection<TitleClaimRecord>({
        name: 'title_claims',
        indexes: [{ fields: ['key'], unique: true }, { fields: ['productId'] }],
      }),
      // Each candidate read pins every field of one of these: the index then yields the key's
      // products in `_id` order and the read stops at its bound (titleCandidates).
      store.collection<TitleKeyRecord>({
        name: 'title_keys',
        indexes: [{ fields: ['key', 'brandId', 'gtinless'] }, { fields: ['key', 'gtinless'] }],
      }),
      store.collection<KeyVersionRecord>({ name: 'key_versions' }),
    ]);
    return new ProductKeyRepository(gtins, mpns, titles, titleKeys, versions, commonKeys);
  }

  /** The title-key derivation the stored keys follow: 1 for a store that never recorded one. */
  async titleKeysVersion(): Promise<number> {
    return (await this.versions.get('title_keys'))?.version ?? 1;
  }

  async setTitleKeysVersion(version: number): Promise<void> {
    await this.versions.put({ _id: 'title_keys', version });
  }

  /** How far a pass toward a newer derivation got, if one stopped midway. */
  async titleKeysProgress(): Promise<TitleKeysProgress | null> {
    const progress = await this.versions.get('title_keys_progress');
    return progress ? { version: progress.version, after: progress.resumeAfter ?? '' } : null;
  }

  async setTitleKeysProgress(progress: TitleKeysProgress | null): Promise<void> {
    if (progress) {
      await this.versions.put({ _id: 'title_keys_progress', version: progress.version, resumeAfter: progress.after });
    } else await this.versions.delete('title_keys_progress');
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

  /** Title claim key → owning product id, for the keys that are claimed. */
  async titleOwners(keys: readonly string[]): Promise<Map<string, string>> {
    if (keys.length === 0) return new Map();
    const claims = await this.titles.find({ key: { $in: [...new Set(keys)] } });
    return new Map(claims.map((claim) => [claim.key, claim.productId]));
  }

  /** Claims for new products in one batch. Throws AlreadyExistsError when any key is taken
   *  (on the embedded store nothing of that kind is written then, though the kinds before it
   *  are; on MongoDB a prefix may be). */
  async claimAll(
    gtins: readonly GtinClaimRecord[],
    mpns: readonly MpnClaimRecord[],
    titles: readonly TitleClaimRecord[] = [],
  ): Promise<void> {
    if (gtins.length > 0) await this.gtins.bulkPut(gtins);
    if (mpns.length > 0) await this.mpns.bulkPut(mpns);
    if (titles.length > 0) await this.titles.bulkPut(titles);
  }

  /** Claims one GTIN for a product; false when another product holds it. */
  async claimGtin(gtin: string, productId: string): Promise<boolean> {
    return this.claimOne(
      () => this.gtins.put(gtinClaim(gtin, productId)),
      async () => (await this.gtinOwners([gtin])).get(gtin) === productId,
    );
  }

  async claimMpn(key: string, productId: string): Promise<boolean> {
    return this.claimOne(
      () => this.mpns.put(mpnClaim(key, productId)),
      async () => (await this.mpnOwners([key])).get(key) === productId,
    );
  }

  async claimTitle(key: string, productId: string): Promise<boolean> {
    return this.claimOne(
      () => this.titles.put(titleClaim(key, productId)),
      async () => (await this.titleOwners([key])).get(key) === productId,
    );
  }

  /**
   * Ids of products sharing any of `keys`, within one brand (null: any brand), only GTIN-less
   * ones when asked, with how telling the keys each shares are (`keyWeight`).
   *
   * A key that more than COMMON_TITLE_KEY_PRODUCTS products share in that scope (a common word
   * pair such as "apple+iphone") is read only up to that bound and then left out, as a search
   * engine leaves out a stop word: it cannot tell the right product from thousands, and reading
   * all of them made matching slower the larger the catalog grew. Only when every key is that
   * common do their bounded hits count. Each read pins every field of an index, so it is an
   * ordered index range that stops at its bound, whatever the catalog's size. A key found common
   * lately is not read again (CommonTitleKeys) unless the fallback needs it.
   */
  async titleCandidates(
    keys: readonly string[],
    scope: TitleKeyScope,
    reads: TitleKeyReads = new Map(),
  ): Promise<Map<string, number>> {
    const unique = [...new Set(keys)];
    const knownCommon = unique.filter((key) => this.commonKeys.has(scopedKey(key, scope)));
    const hits = await Promise.all(
      unique.filter((key) => !knownCommon.includes(key)).map((key) => this.keyHits(key, scope, reads)),
    );
    const telling = hits.filter((hit) => !hit.common);
    if (telling.length === 0)
      hits.push(...(await Promise.all(knownCommon.map((key) => this.keyHits(key, scope, reads)))));
    const shared = new Map<string, number>();
    for (const hit of telling.length > 0 ? telling : hits) {
      const weight = keyWeight(hit.productIds.length);
      for (const id of hit.productIds) shared.set(id, (shared.get(id) ?? 0) + weight);
    }
    return shared;
  }

  private keyHits(key: string, scope: TitleKeyScope, reads: TitleKeyReads): Promise<KeyHits> {
    const memoKey = scopedKey(key, scope);
    let read = reads.get(memoKey);
    if (!read) {
      const gtinlessValues = scope.gtinlessOnly ? [true] : [true, false];
      const filters = gtinlessValues.map((gtinless): Filter => ({
        key,
        ...(scope.brandId === null ? {} : { brandId: scope.brandId }),
        gtinless,
      }));
      // Ids only: the index answers without reading a record (3x faster than reading them).
      read = Promise.all(
        filters.map((filter) => this.titleKeys.findIds(filter, { limit: COMMON_TITLE_KEY_PRODUCTS + 1 })),
      ).then((parts) => {
        const productIds = parts.flat().map((id) => productOfTitleKeyId(id, key));
        const common = productIds.length > COMMON_TITLE_KEY_PRODUCTS;
        if (common) this.commonKeys.remember(memoKey);
        return { productIds, common };
      });
      reads.set(memoKey, read);
    }
    return read;
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
    const reassign = <T extends { productId: string }>(claim: T | null): T | null =>
      claim && from.has(claim.productId) ? { ...claim, productId: toId } : null;
    for (const claim of await this.gtins.find({ productId: { $in: [...from] } }))
      await this.gtins.update(claim._id, reassign);
    for (const claim of await this.mpns.find({ productId: { $in: [...from] } }))
      await this.mpns.update(claim._id, reassign);
    for (const claim of await this.titles.find({ productId: { $in: [...from] } }))
      await this.titles.update(claim._id, reassign);
  }

  /**
   * Hands the GTINs `fromId` holds to `toId` (a split moves them), each claim rewritten in place so
   * no racing offer can take it in between; a GTIN nobody holds is claimed for `toId`. A claim of
   * a third product stays. Idempotent.
   */
  async moveGtinClaims(gtins: readonly string[], fromId: string, toId: string): Promise<void> {
    if (gtins.length === 0) return;
    const claims = await this.gtins.find({ gtin: { $in: [...new Set(gtins)] } });
    const reassign = (claim: GtinClaimRecord | null): GtinClaimRecord | null =>
      claim?.productId === fromId ? { ...claim, productId: toId } : null;
    for (const claim of claims) await this.gtins.update(claim._id, reassign);
    const held = new Set(claims.map((claim) => claim.gtin));
    for (const gtin of gtins) if (!held.has(gtin)) await this.claimGtin(gtin, toId);
  }

  /** Frees a GTIN the product holds (it no longer carries it); another product's claim stays. */
  async releaseGtin(gtin: string, productId: string): Promise<void> {
    for (const claim of await this.gtins.find({ gtin }))
      if (claim.productId === productId) await this.gtins.delete(claim._id);
  }

  /**
   * Drops title keys by id (a product's keys from names it no longer has, or of a merged product).
   * All at once: on the embedded store they share one commit instead of waiting for one each.
   */
  async deleteTitleKeys(ids: readonly string[]): Promise<void> {
    await Promise.all([...new Set(ids)].map((id) => this.titleKeys.delete(id)));
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
