import { ReviewOrder } from '@pc/proto/catalog/v1/catalog';
import { EntitySort, ProductSort } from '@pc/proto/common/v1/sort';
import { OfferSort } from '@pc/proto/offers/v1/offers';
import { ShopReviewOrder } from '@pc/proto/offers/v1/shop_reviews';

/**
 * The URL keys of every sort the API accepts (`sort=`), and back: the same keys appear in
 * `meta.sortOptions` and `meta.defaultSort`, so a client sends back what it was offered.
 */
export class SortKeys<E extends number, K extends string> {
  private readonly byValue: ReadonlyMap<E, K>;

  constructor(private readonly byKey: Readonly<Record<K, E>>) {
    this.byValue = new Map((Object.entries(byKey) as [K, E][]).map(([key, value]) => [value, key]));
  }

  get keys(): [K, ...K[]] {
    return Object.keys(this.byKey) as [K, ...K[]];
  }

  valueOf(key: K | undefined, fallback: E): E {
    return key === undefined ? fallback : this.byKey[key];
  }

  /** The key of a sort value; null for UNSPECIFIED or a value this build does not know. */
  keyOf(value: E): K | null {
    return this.byValue.get(value) ?? null;
  }
}

/** A table for one enum: `sortKeys<ProductSort>()({ cheapest: … })` (the enum is named, the keys inferred). */
const sortKeys =
  <E extends number>() =>
  <K extends string>(byKey: Readonly<Record<K, E>>) =>
    new SortKeys<E, K>(byKey);

/** spec §9 product sort orders, with the keys of search.proto's ProductSortOption. */
export const productSorts = sortKeys<ProductSort>()({
  cheapest: ProductSort.PRODUCT_SORT_CHEAPEST,
  'most-expensive': ProductSort.PRODUCT_SORT_MOST_EXPENSIVE,
  new: ProductSort.PRODUCT_SORT_NEWEST,
  'price-drop': ProductSort.PRODUCT_SORT_PRICE_DROP,
  rank: ProductSort.PRODUCT_SORT_RANK,
  rating: ProductSort.PRODUCT_SORT_RATING,
  relevance: ProductSort.PRODUCT_SORT_RELEVANCE,
});

/** Brand, shop and category lists, with the keys of search.proto's EntitySortOption. */
export const entitySorts = sortKeys<EntitySort>()({
  relevance: EntitySort.ENTITY_SORT_RELEVANCE,
  name: EntitySort.ENTITY_SORT_NAME,
  products: EntitySort.ENTITY_SORT_PRODUCT_COUNT,
  new: EntitySort.ENTITY_SORT_NEWEST,
  popular: EntitySort.ENTITY_SORT_POPULARITY,
});

/** A product's offers (spec §2.7 offers section: sort orders; cheapest by default). */
export const offerSorts = sortKeys<OfferSort>()({
  cheapest: OfferSort.OFFER_SORT_CHEAPEST,
  'item-price': OfferSort.OFFER_SORT_ITEM_PRICE,
  'cheapest-with-shipping': OfferSort.OFFER_SORT_CHEAPEST_WITH_SHIPPING,
  'most-expensive': OfferSort.OFFER_SORT_MOST_EXPENSIVE,
  'shop-name': OfferSort.OFFER_SORT_SHOP_NAME,
  new: OfferSort.OFFER_SORT_NEWEST,
});

/** A product's reviews (newest first by default). */
export const reviewSorts = sortKeys<ReviewOrder>()({
  new: ReviewOrder.REVIEW_ORDER_NEWEST,
  'highest-rating': ReviewOrder.REVIEW_ORDER_HIGHEST_RATING,
  'lowest-rating': ReviewOrder.REVIEW_ORDER_LOWEST_RATING,
});

/** A shop's reviews (ADR 119): newest first by default, or by stars, most or fewest first. */
export const shopReviewSorts = sortKeys<ShopReviewOrder>()({
  newest: ShopReviewOrder.SHOP_REVIEW_ORDER_NEWEST,
  highest: ShopReviewOrder.SHOP_REVIEW_ORDER_HIGHEST,
  lowest: ShopReviewOrder.SHOP_REVIEW_ORDER_LOWEST,
});
