import { isActive } from '../domain/product.js';
import { normalizeMpn } from '../matching/mpn.js';
import { decideMatch, type MatchableRecord, type MatchOptions } from '../matching/decide-match.js';
import { isVetoed } from '../store/offer-link-repository.js';
import { keyWeight } from '../store/product-key-repository.js';
import { offerRecord, productRecord } from './match-candidates.js';
import type { BatchOffer, MatchLookups } from './match-lookups.js';
import type { MatchPlan, PlannedClaim, PlannedContribution, PlannedMatch, PlannedProduct } from './match-plan.js';
import { MAX_TITLE_CANDIDATES, rankTitleCandidates } from './title-candidates.js';

const METHOD_OF = { gtin: 'gtin', brand_mpn: 'brand_mpn', title: 'title' } as const;

/**
 * Decides every offer of a batch in order (MatchProducts: two offers of one new product create
 * it once), from the store's lookups plus what the earlier offers of the batch planned. Pure:
 * the writer carries the plan out.
 *
 * Order of evidence per offer: its existing link; the product it created earlier; the GTIN's
 * claim; the brand + MPN claim (confirmed by `decideMatch`, which refuses differing GTINs); the
 * best title candidate within the brand above the threshold, the product holding the offer's
 * title claim first among them; else a new product — under the id of a title claim whose product
 * was never written, if there is one.
 */
export class MatchPlanner {
  private readonly links = new Map<string, string>();
  private readonly gtinOwners: Map<string, string>;
  private readonly mpnOwners: Map<string, string>;
  private readonly titleOwners: Map<string, string>;
  private readonly titleKeys = new Map<string, Set<string>>();
  private readonly planned = new Map<string, PlannedProduct>();
  private readonly claims: PlannedClaim[] = [];
  private readonly claimed = new Set<string>();
  private readonly contributions = new Map<string, PlannedContribution[]>();

  private constructor(private readonly lookups: MatchLookups) {
    this.gtinOwners = new Map(lookups.gtinOwners);
    this.mpnOwners = new Map(lookups.mpnOwners);
    this.titleOwners = new Map(lookups.titleOwners);
  }

  static plan(batch: readonly BatchOffer[], lookups: MatchLookups): MatchPlan {
    const planner = new MatchPlanner(lookups);
    const matches = batch.map((item, index) => planner.decide(item, index));
    return {
      matches,
      newProducts: [...planner.planned.values()],
      claims: planner.claims,
      contributions: planner.contributions,
    };
  }

  private decide(item: BatchOffer, index: number): PlannedMatch | null {
    const match = this.match(item, index);
    if (match) {
      this.links.set(item.linkId, match.productId);
      if (match.method !== 'created') this.contribute(match.productId, item);
    }
    return match;
  }

  private match(item: BatchOffer, index: number): PlannedMatch | null {
    // A link to a merged product whose links a merge has not moved yet answers the merge target.
    const linked = this.links.get(item.linkId) ?? this.lookups.links.get(item.linkId)?.productId;
    if (linked) return { productId: this.followMerge(linked), method: 'existing_link', confidence: 1 };
    // Created by an earlier attempt of this very offer that did not get to record its link.
    if (this.lookups.products.has(item.ownProductId) && !this.vetoed(item, item.ownProductId))
      return { productId: this.followMerge(item.ownProductId), method: 'existing_link', confidence: 1 };

    const { gtin } = item.offer;
    const claimedGtin = gtin ? this.gtinOwners.get(gtin) : undefined;
    const gtinOwner = claimedGtin && !this.vetoed(item, claimedGtin) ? claimedGtin : undefined;
    if (gtinOwner)
      return this.known(gtinOwner)
        ? { productId: this.followMerge(gtinOwner), method: 'gtin', confidence: 1 }
        : this.create(item, gtinOwner, 'gtin');

    const claimedMpn = item.mpnKey ? this.mpnOwners.get(item.mpnKey) : undefined;
    const mpnOwner = claimedMpn && !this.vetoed(item, claimedMpn) ? claimedMpn : undefined;
    if (mpnOwner) {
      if (!this.known(mpnOwner)) return this.create(item, mpnOwner, 'brand_mpn');
      const decision = decideMatch(
        offerRecord(item),
        this.candidate(mpnOwner, item),
        this.matchOptions(item, mpnOwner),
      );
      if (decision)
        return {
          productId: this.followMerge(mpnOwner),
          method: METHOD_OF[decision.method],
          confidence: decision.confidence,
        };
    }

    // A product created from a title alone holds its title claim: a concurrent writer's twin of
    // this offer, found even before its title keys are written.
    const claimedTitle = item.titleClaimKey ? this.titleOwners.get(item.titleClaimKey) : undefined;
    const titleOwner = claimedTitle && !this.vetoed(item, claimedTitle) ? claimedTitle : undefined;
    const byTitle = this.bestTitleMatch(item, index, titleOwner);
    if (byTitle) return byTitle;
    // The offer's own product vetoed: staff said it is not that product, and no other fits.
    if (this.vetoed(item, item.ownProductId)) return null;
    if (!item.offer.createIfMissing || !item.offer.title) return null;
    return titleOwner && !this.known(titleOwner)
      ? this.create(item, titleOwner, 'title')
      : this.create(item, item.ownProductId);
  }

  /** Staff flagged the offer's match to the product (or to what it was merged into) as wrong. */
  private vetoed(item: BatchOffer, productId: string): boolean {
    const link = this.lookups.links.get(item.linkId);
    return isVetoed(link, productId) || isVetoed(link, this.followMerge(productId));
  }

  /** The catalog's token weights, and the product-type words of the offer's category (of the
   *  candidate's, for an offer that names none). */
  private matchOptions(item: BatchOffer, productId: string): MatchOptions {
    const category =
      item.offer.googleCategoryId ||
      (this.planned.get(productId)?.source.offer.googleCategoryId ??
        this.lookups.candidateCategories.get(productId) ??
        0);
    return { weights: this.lookups.weights, productType: this.lookups.productTypes.get(category) };
  }

  /** Whether a product exists in the store or is planned by this batch. */
  private known(productId: string): boolean {
    return this.planned.has(productId) || this.lookups.products.has(productId);
  }

  /** A merged product's offers belong to the product it was merged into. */
  private followMerge(productId: string): string {
    const product = this.lookups.products.get(productId);
    return product?.status === 'merged' && product.mergedIntoProductId ? product.mergedIntoProductId : productId;
  }

  private candidate(productId: string, item: BatchOffer): MatchableRecord {
    const planned = this.planned.get(productId);
    if (planned) return offerRecord(planned.source);
    const product = this.lookups.products.get(productId);
    return product
      ? productRecord(product, this.lookups.brandsById.get(product.brandId), item.offer.language)
      : { title: '' };
  }

  private bestTitleMatch(item: BatchOffer, index: number, titleOwner: string | undefined): PlannedMatch | null {
    const shared = new Map(this.lookups.titleCandidates[index] ?? []);
    for (const key of item.titleKeys) {
      // Products planned in this batch: their keys' stored hits are not known here, so a key
      // weighs as if only the batch's products shared it.
      const planned = this.titleKeys.get(key);
      if (!planned) continue;
      for (const productId of planned) {
        const source = this.planned.get(productId)?.source;
        if (source && item.offer.brandKey && source.offer.brandKey !== item.offer.brandKey) continue;
        // As in the store's lookup: an offer with a GTIN can only be a product without one.
        if (source && item.offer.gtin && source.offer.gtin) continue;
        shared.set(productId, (shared.get(productId) ?? 0) + keyWeight(planned.size));
      }
    }
    const ranked = [
      ...(titleOwner ? [titleOwner] : []),
      ...rankTitleCandidates(shared)
        .map(([productId]) => productId)
        .filter((productId) => productId !== titleOwner),
    ]
      .filter((productId) => {
        if (this.vetoed(item, productId)) return false;
        const stored = this.lookups.products.get(productId);
        return this.planned.has(productId) || (stored !== undefined && isActive(stored));
      })
      .slice(0, MAX_TITLE_CANDIDATES);
    const offer = offerRecord(item);
    let best: PlannedMatch | null = null;
    for (const productId of ranked) {
      const decision = decideMatch(offer, this.candidate(productId, item), this.matchOptions(item, productId));
      if (decision && (!best || decision.confidence > best.confidence)) {
        best = { productId, method: METHOD_OF[decision.method], confidence: decision.confidence };
      }
    }
    return best;
  }

  /** Plans a new product with `id`: the offer's own id, or the id of a claim (`adoptedAs`) that
   *  was never written. */
  private create(item: BatchOffer, id: string, adoptedAs?: PlannedProduct['adoptedAs']): PlannedMatch {
    if (!this.planned.has(id)) {
      const adopted = id !== item.ownProductId;
      this.planned.set(id, { id, source: item, adopted, ...(adopted && adoptedAs ? { adoptedAs } : {}) });
      for (const key of item.titleKeys) this.titleKeys.set(key, (this.titleKeys.get(key) ?? new Set()).add(id));
      this.claimIdentifiers(id, item, null);
      if (item.titleClaimKey && this.matchesItself(item, id))
        this.claimFor('title', item.titleClaimKey, id, this.titleOwners);
    }
    return { productId: id, method: 'created', confidence: 1 };
  }

  /** Whether `decideMatch` takes the offer for itself: only then would it link a second offer of
   *  the same title claim to this product (a one-letter title, say, matches nothing). */
  private matchesItself(item: BatchOffer, productId: string): boolean {
    const record = offerRecord(item);
    return decideMatch(record, record, this.matchOptions(item, productId)) !== null;
  }

  private contribute(productId: string, item: BatchOffer): void {
    // A link to a product this batch cannot see (a merge target) only answers the match.
    if (!this.known(productId)) return;
    const product = this.lookups.products.get(productId);
    const mpn = this.planned.get(productId)?.source.offer.mpn ?? product?.mpn ?? '';
    const gtin = this.claimIdentifiers(productId, item, mpn);
    this.contributions.set(productId, [...(this.contributions.get(productId) ?? []), { source: item, gtin }]);
  }

  /**
   * Claims the offer's GTIN and brand+MPN key for the product where nobody holds them yet (an MPN
   * only when the product has none or the same one). Returns the GTIN when it belongs to the product.
   */
  private claimIdentifiers(productId: string, item: BatchOffer, productMpn: string | null): string | null {
    const { gtin } = item.offer;
    let ownedGtin: string | null = null;
    if (gtin) {
      this.claimFor('gtin', gtin, productId, this.gtinOwners);
      if (this.gtinOwners.get(gtin) === productId) ownedGtin = gtin;
    }
    const mpnFits = productMpn === null || productMpn === '' || normalizeMpn(productMpn) === item.offer.mpnKey;
    if (item.mpnKey && mpnFits) this.claimFor('mpn', item.mpnKey, productId, this.mpnOwners);
    return ownedGtin;
  }

  /** Claims a key nobody holds, or re-claims one that already names a product not written yet
   *  (an earlier attempt's claim): rewriting it is harmless, and the unique index arbitrates. */
  private claimFor(kind: PlannedClaim['kind'], key: string, productId: string, owners: Map<string, string>): void {
    const owner = owners.get(key);
    const unwritten = owner === productId && !this.lookups.products.has(productId);
    if ((owner !== undefined && !unwritten) || this.claimed.has(`${kind}:${key}`)) return;
    owners.set(key, productId);
    this.claimed.add(`${kind}:${key}`);
    this.claims.push({ kind, key, productId });
  }
}
