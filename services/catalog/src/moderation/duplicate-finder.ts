import { InvalidArgumentError, NotFoundError } from '@pc/kit/errors/domain-errors';
import { isActive } from '../domain/product.js';
import { titleKeyRecords } from '../derived/title-keys.js';
import { explainMatch, type PairEvidence } from '../matching/match-evidence.js';
import type { TokenWeights } from '../matching/token-weights.js';
import { normalizeMpn } from '../matching/mpn.js';
import { brandKey } from '../matching/brand.js';
import { productRecord } from '../offer-matching/match-candidates.js';
import { rankTitleCandidates } from '../offer-matching/title-candidates.js';
import type { BrandRepository } from '../store/brand-repository.js';
import type { OfferLinkRepository } from '../store/offer-link-repository.js';
import { mpnClaimKey, type ProductKeyRepository } from '../store/product-key-repository.js';
import type { ProductRepository, StoredProduct } from '../store/product-repository.js';
import type { ReviewRepository } from '../store/review-repository.js';

/** How the blocking found a candidate (MatchEvidence.found_by). */
export type FoundBy = 'gtin' | 'brand_mpn' | 'title_key' | 'typed';

export interface DuplicateCandidate {
  readonly product: StoredProduct;
  readonly evidence: PairEvidence & { readonly foundBy: readonly FoundBy[] };
}

/** What merging a product into another moves (the confirmation page's "what moves"). */
export interface MergeMoveCounts {
  readonly gtins: readonly string[];
  readonly offerLinks: number;
  readonly reviews: number;
}

export interface DuplicateFinderStores {
  readonly products: ProductRepository;
  readonly brands: BrandRepository;
  readonly keys: ProductKeyRepository;
  readonly links: OfferLinkRepository;
  readonly reviews: ReviewRepository;
  readonly tokenStatistics: { weights(): TokenWeights };
}

/** Title candidates compared per product, as many as matching compares per offer. */
const TITLE_CANDIDATES = 30;

/**
 * The shopping panel's duplicates (ADR 060): the products the matcher's own blocking finds for a
 * product — another owner of one of its GTIN or brand + MPN claims, products sharing its title
 * blocking keys (across brands: a duplicate may carry another spelling of the brand) — each
 * explained by the matcher's decision for the pair, in the product's language.
 */
export class DuplicateFinder {
  constructor(private readonly stores: DuplicateFinderStores) {}

  async candidates(productId: string, limit: number, language: string): Promise<DuplicateCandidate[]> {
    const { products, brands, keys } = this.stores;
    const product = await this.existing(productId, 'product_id');
    const brand = product.brandId ? await brands.get(product.brandId) : null;
    const foundBy = new Map<string, Set<FoundBy>>();
    const add = (id: string | undefined, how: FoundBy) => {
      if (id && id !== product._id) foundBy.set(id, (foundBy.get(id) ?? new Set()).add(how));
    };
    for (const owner of (await keys.gtinOwners(product.gtins)).values()) add(owner, 'gtin');
    const mpn = normalizeMpn(product.mpn);
    if (brand && mpn) {
      const key = mpnClaimKey(brand.key || brandKey(brand.name), mpn);
      add((await keys.mpnOwners([key])).get(key), 'brand_mpn');
    }
    const titleKeys = titleKeyRecords(product, brand?.name ?? '').map((record) => record.key);
    const shared = await keys.titleCandidates(titleKeys, { brandId: null, gtinlessOnly: false });
    shared.delete(product._id);
    for (const [id] of rankTitleCandidates(shared).slice(0, TITLE_CANDIDATES)) add(id, 'title_key');

    const found = [...(await products.getMany([...foundBy.keys()])).values()].filter(isActive);
    const explain = await this.explainer(product, found, language);
    return found
      .map((candidate) => ({
        product: candidate,
        evidence: { ...explain(candidate), foundBy: [...(foundBy.get(candidate._id) ?? [])] },
      }))
      .sort(
        (a, b) =>
          Number(b.evidence.sameProduct) - Number(a.evidence.sameProduct) ||
          b.evidence.confidence - a.evidence.confidence ||
          a.product._id.localeCompare(b.product._id),
      )
      .slice(0, limit);
  }

  /** The matcher's evidence for one pair, and what merging `otherId` into `productId` moves. */
  async compare(
    productId: string,
    otherId: string,
    language: string,
  ): Promise<{ product: StoredProduct; other: StoredProduct; evidence: PairEvidence; moves: MergeMoveCounts }> {
    if (productId === otherId)
      throw new InvalidArgumentError([
        { field: 'other_product_id', reason: 'is the product itself', rule: 'different' },
      ]);
    const [product, other] = await Promise.all([
      this.existing(productId, 'product_id'),
      this.existing(otherId, 'other_product_id'),
    ]);
    const [explain, offerLinks, distribution] = await Promise.all([
      this.explainer(product, [other], language),
      this.stores.links.countOfProduct(other._id),
      this.stores.reviews.distribution(other._id),
    ]);
    return {
      product,
      other,
      evidence: explain(other),
      moves: { gtins: other.gtins, offerLinks, reviews: distribution.reduce((sum, count) => sum + count, 0) },
    };
  }

  /** The matcher's evidence of `product` against each of `others`, both named in `language`. */
  private async explainer(
    product: StoredProduct,
    others: readonly StoredProduct[],
    language: string,
  ): Promise<(other: StoredProduct) => PairEvidence> {
    const brandById = await this.stores.brands.getMany([product.brandId, ...others.map((other) => other.brandId)]);
    const weights = this.stores.tokenStatistics.weights();
    const record = productRecord(product, brandById.get(product.brandId), language);
    return (other) => explainMatch(record, productRecord(other, brandById.get(other.brandId), language), { weights });
  }

  private async existing(productId: string, field: string): Promise<StoredProduct> {
    const product = await this.stores.products.get(productId);
    if (!product || product.status === 'hidden') throw new NotFoundError('product', productId, { metadata: { field } });
    return product;
  }
}
