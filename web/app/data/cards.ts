/** What a product card shows: the common part of a search hit and a product (api mappers). */
export interface ProductCardData {
  readonly id: string;
  readonly name: string;
  readonly route: string;
  readonly image: string | null;
  readonly price: { readonly amount: number; readonly currency: string; readonly offers: number } | null;
  readonly rating: { readonly value: number; readonly count: number } | null;
  readonly brand: { readonly name: string } | null;
  readonly trend?: string | null;
  readonly is_green?: boolean;
}

export interface EntityCardData {
  readonly key: string;
  readonly name: string;
  readonly route: string;
  readonly image: string | null;
  /** Products (brands, categories) or offers (shops); null when not known. */
  readonly count: number | null;
  /** A shop's visitors' stars and review count (ADR 119); absent or null without reviews. */
  readonly rating?: { readonly value: number; readonly count: number } | null;
}

/** Only what a card shows: loaders send cards, not whole products (smaller pages). */
export function cardOf(product: ProductCardData): ProductCardData {
  return {
    id: product.id,
    name: product.name,
    route: product.route,
    image: product.image,
    price: product.price
      ? { amount: product.price.amount, currency: product.price.currency, offers: product.price.offers }
      : null,
    rating: product.rating ? { value: product.rating.value, count: product.rating.count } : null,
    brand: product.brand ? { name: product.brand.name } : null,
    is_green: product.is_green ?? false,
  };
}
