import { setTimeout as sleep } from 'node:timers/promises';
import { productIdForOffer } from '../domain/ids.js';
import type { OfferFacts } from '../domain/offer.js';
import { partNumberKeys, titleBlockingKeys } from '../matching/title.js';
import { titleNameTokens } from '../matching/title-tokens.js';
import type { ProductTypeWords } from '../matching/product-type-words.js';
import type { TokenWeights } from '../matching/token-weights.js';
import type { BrandRepository, StoredBrand } from '../store/brand-repository.js';
import type { CategoryRepository } from '../store/category-repository.js';
import {
  isVetoed,
  offerLinkId,
  type OfferLinkRecord,
  type OfferLinkRepository,
} from '../store/offer-link-repository.js';
import {
  mpnClaimKey,
  titleClaimKey,
  type ProductKeyRepository,
  type TitleKeyReads,
} from '../store/product-key-repository.js';
import type { ProductTypes } from './product-types.js';
import { MAX_TITLE_CANDIDATES, topTitleCandidates } from './title-candidates.js';
import type { ProductRepository, StoredProduct } from '../store/product-repository.js';

/** An offer of the batch with what is derived from it once. */
export interface BatchOffer {
  readonly offer: OfferFacts;
  readonly linkId: string;
  /** The product this offer creates if it matches nothing (ids per offer: a retry finds it). */
  readonly ownProductId: string;
  /** '' unless both brand and MPN are usable. */
  readonly mpnKey: string;
  readonly titleKeys: readonly string[];
  /** What a product created from this offer claims its title by (`titleClaimKey`); '' unless the
   *  title is all the offer identifies it by (no GTIN, no brand + MPN). */
  readonly titleClaimKey: string;
}

/** Everything the planner reads from the store, fetched in a few batched reads. */
export interface MatchLookups {
  readonly links: ReadonlyMap<string, OfferLinkRecord>;
  readonly gtinOwners: ReadonlyMap<string, string>;
  readonly mpnOwners: ReadonlyMap<string, string>;
  /** Title claim key → the product created from a title alone that holds it. */
  readonly titleOwners: ReadonlyMap<string, string>;
  /** Brands by matching key (of the offers) and by id (of the candidate products). */
  readonly brandsByKey: ReadonlyMap<string, StoredBrand>;
  readonly brandsById: ReadonlyMap<string, StoredBrand>;
  /** Per offer (same index): candidate product id → how telling the title keys it shares are (`keyWeight`). */
  readonly titleCandidates: readonly ReadonlyMap<string, number>[];
  readonly products: ReadonlyMap<string, StoredProduct>;
  /** How much each title token says, from the catalog's statistics (TokenStatistics). */
  readonly weights: TokenWeights;
  /** The product-type words of the batch's Google categories, by category id. */
  readonly productTypes: ReadonlyMap<number, ProductTypeWords>;
  /** The Google category of each title candidate of an offer that names none: such an offer is
   *  compared in the candidate's category (a brand + MPN owner's title check is lenient enough
   *  without it). */
  readonly candidateCategories: ReadonlyMap<string, number>;
}

export interface LookupStores {
  readonly products: ProductRepository;
  readonly brands: BrandRepository;
  readonly keys: ProductKeyRepository;
  readonly links: OfferLinkRepository;
  readonly categories: CategoryRepository;
  readonly tokenStatistics: { weights(): TokenWeights };
  readonly productTypes: ProductTypes;
}

/**
 * Candidate products loaded per offer. The planner compares the best MAX_TITLE_CANDIDATES active
 * ones; loading every product a key hit would decode many for nothing (it was a fifth of
 * catalog's time during a seed). Twice as many leave room for merged or deleted products.
 */
const TITLE_CANDIDATES_LOADED = 2 * MAX_TITLE_CANDIDATES;
/** How long to wait for a product whose claim was just written by a concurrent creator. */
const CLAIM_SETTLE_DELAYS_MS = [20, 50, 100];

export function toBatchOffer(offer: OfferFacts): BatchOffer {
  const mpnKey = offer.brandKey && offer.mpnKey ? mpnClaimKey(offer.brandKey, offer.mpnKey) : '';
  return {
    offer,
    linkId: offerLinkId(offer.shopId, offer.shopOfferId),
    ownProductId: productIdForOffer(offer.shopId, offer.shopOfferId),
    mpnKey,
    titleKeys: offer.title
      ? [...new Set([...titleBlockingKeys(offer.title, offer.brandName || undefined), ...partNumberKeys(offer.mpn)])]
      : [],
    titleClaimKey: offer.gtin || mpnKey ? '' : titleClaimKeyOf(offer),
  };
}

/** The title claim of an offer's new product: its name tokens within its language, brand,
 *  Google category and (brandless) MPN; '' for a title without any token. */
function titleClaimKeyOf(offer: OfferFacts): string {
  const tokens = titleNameTokens(offer.title);
  if (tokens.length === 0) return '';
  const { language, brandKey, googleCategoryId, mpnKey } = offer;
  return titleClaimKey({ language, brandKey, googleCategoryId, mpnKey }, tokens);
}

/** Reads what matching a batch needs: links, claims, brands, title candidates and their products. */
export async function loadMatchLookups(stores: LookupStores, batch: readonly BatchOffer[]): Promise<MatchLookups> {
  const [links, gtinOwners, mpnOwners, titleOwners, brandsByKey] = await Promise.all([
    stores.links.getMany(batch.map((item) => item.linkId)),
    stores.keys.gtinOwners(batch.flatMap((item) => (item.offer.gtin ? [item.offer.gtin] : []))),
    stores.keys.mpnOwners(batch.flatMap((item) => (item.mpnKey ? [item.mpnKey] : []))),
    stores.keys.titleOwners(batch.flatMap((item) => (item.titleClaimKey ? [item.titleClaimKey] : []))),
    stores.brands.findByKeys(batch.map((item) => item.offer.brandKey)),
  ]);
  // Title candidates only for offers that no link or GTIN settles (an MPN claim still needs
  // `decideMatch`'s consent, so its offer may go on to the title).
  const keyReads: TitleKeyReads = new Map();
  const titleCandidates = await Promise.all(
    batch.map((item) => {
      const link = links.get(item.linkId);
      const gtinOwner = item.offer.gtin ? gtinOwners.get(item.offer.gtin) : undefined;
      const settled = Boolean(link?.productId) || (gtinOwner !== undefined && !isVetoed(link, gtinOwner));
      if (settled || item.titleKeys.length === 0) return new Map<string, number>();
      // Within the brand when the offer names one: no brand record means no candidate yet.
      const brand = item.offer.brandKey ? brandsByKey.get(item.offer.brandKey) : undefined;
      if (item.offer.brandKey && !brand) return new Map<string, number>();
      return stores.keys
        .titleCandidates(
          item.titleKeys,
          { brandId: brand ? brand._id : null, gtinlessOnly: item.offer.gtin !== null },
          keyReads,
        )
        .then((candidates) => topTitleCandidates(candidates, TITLE_CANDIDATES_LOADED));
    }),
  );
  // A title claim's product is compared as one more title candidate of its offer.
  const candidateIds = batch.map((item, index) => {
    const owner = item.titleClaimKey ? titleOwners.get(item.titleClaimKey) : undefined;
    return [...(titleCandidates[index]?.keys() ?? []), ...(owner ? [owner] : [])];
  });
  const productIds = [
    ...[...links.values()].flatMap((link) => (link.productId ? [link.productId] : [])),
    ...gtinOwners.values(),
    ...mpnOwners.values(),
    ...candidateIds.flat(),
    ...batch.map((item) => item.ownProductId),
  ];
  const products = await settleClaimedProducts(
    stores.products,
    new Set(productIds),
    [...gtinOwners.values(), ...mpnOwners.values(), ...titleOwners.values()],
    batch,
  );
  const [brandsById, candidateCategories] = await Promise.all([
    stores.brands.getMany([...products.values()].map((product) => product.brandId)),
    readCandidateCategories(stores.categories, batch, candidateIds, products),
  ]);
  const productTypes = await stores.productTypes.of([
    ...batch.map((item) => item.offer.googleCategoryId),
    ...candidateCategories.values(),
  ]);
  return {
    links,
    gtinOwners,
    mpnOwners,
    titleOwners,
    brandsByKey,
    brandsById,
    titleCandidates,
    products,
    weights: stores.tokenStatistics.weights(),
    productTypes,
    candidateCategories,
  };
}

/** The Google categories of the title candidates of offers without one (product id → category id). */
async function readCandidateCategories(
  categories: CategoryRepository,
  batch: readonly BatchOffer[],
  candidateIds: readonly (readonly string[])[],
  products: ReadonlyMap<string, StoredProduct>,
): Promise<Map<string, number>> {
  const candidates = batch.flatMap((item, index) =>
    item.offer.googleCategoryId > 0 ? [] : [...(candidateIds[index] ?? [])],
  );
  const categoryOf = new Map(
    candidates.flatMap((productId) =>
      products.get(productId)?.categoryId ? [[productId, products.get(productId)!.categoryId] as const] : [],
    ),
  );
  if (categoryOf.size === 0) return new Map();
  const stored = await categories.getMany([...categoryOf.values()]);
  const googleIds = new Map<string, number>();
  for (const [productId, categoryId] of categoryOf) {
    const googleId = stored.get(categoryId)?.googleProductCategoryId ?? 0;
    if (googleId > 0) googleIds.set(productId, googleId);
  }
  return googleIds;
}

/**
 * Products by id. A claim whose product is missing is usually a creator between its claim and
 * its product write: give it a moment before the planner adopts the claim (creates that product
 * itself). The offers' own ids are not waited for: a missing own product is simply not created yet.
 */
async function settleClaimedProducts(
  products: ProductRepository,
  ids: ReadonlySet<string>,
  claimedIds: readonly string[],
  batch: readonly BatchOffer[],
): Promise<Map<string, StoredProduct>> {
  const found = await products.getMany([...ids]);
  const own = new Set(batch.map((item) => item.ownProductId));
  let missing = [...new Set(claimedIds)].filter((id) => !found.has(id) && !own.has(id));
  for (const delay of CLAIM_SETTLE_DELAYS_MS) {
    if (missing.length === 0) break;
    await sleep(delay);
    for (const [id, product] of await products.getMany(missing)) found.set(id, product);
    missing = missing.filter((id) => !found.has(id));
  }
  return found;
}
