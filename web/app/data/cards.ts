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
}
