import type { CategoryRecord } from '../domain/category-record.js';
import type { OfferRecord } from '../domain/offer-record.js';
import type { CountryPrice } from '../domain/price-record.js';
import type { ProductRecord } from '../domain/product-record.js';
import type { ShopRecord } from '../domain/shop-record.js';

/** One consumed event, decoded into what it tells search. The index writer applies batches of them. */
export type SourceUpdate =
  | { readonly kind: 'product'; readonly record: ProductRecord; readonly occurredAt: Date }
  | {
      readonly kind: 'price';
      readonly productId: string;
      readonly country: string;
      readonly price: CountryPrice;
      readonly occurredAt: Date;
    }
  | { readonly kind: 'offer'; readonly record: OfferRecord; readonly occurredAt: Date }
  | { readonly kind: 'shop'; readonly record: ShopRecord; readonly occurredAt: Date }
  | { readonly kind: 'shop-deleted'; readonly shopId: string; readonly occurredAt: Date }
  /** A category's names per language, or its deletion (`record.deleted`). */
  | { readonly kind: 'category'; readonly record: CategoryRecord; readonly occurredAt: Date }
  | {
      readonly kind: 'click';
      readonly clickId: string;
      readonly productId: string;
      /** The shop whose offer was followed ('' when the click does not say). */
      readonly shopId: string;
      readonly country: string;
      /** When the visitor clicked: its UTC day is the one the click counts for. */
      readonly clickedAt: Date;
      readonly occurredAt: Date;
    };
