import type { ClickRecorded } from '@pc/proto/affiliates/events/v1/events';
import type {
  CategoryChanged,
  CategoryDeleted,
  ProductChanged,
  ProductCreated,
} from '@pc/proto/catalog/events/v1/events';
import type { OfferChanged, ProductPriceChanged, ShopChanged, ShopDeleted } from '@pc/proto/offers/events/v1/events';
import type { EventMeta } from '@pc/kit/events/subscriber';
import { categoryRecordOf, deletedCategoryOf } from '../domain/category-record.js';
import { servedCountry } from '../domain/countries.js';
import { offerRecordOf } from '../domain/offer-record.js';
import { countryPriceOf } from '../domain/price-record.js';
import { productRecordOf } from '../domain/product-record.js';
import { shopRecordOf } from '../domain/shop-record.js';
import type { SourceUpdate } from './source-update.js';

/**
 * What each consumed event tells search, or null for an event that cannot tell it anything (a
 * product event without its product, a price of a country search does not serve): such an
 * event can never become useful, so it is acknowledged rather than retried into the DLQ.
 */
export const EventUpdates = {
  productCreated(event: ProductCreated, meta: EventMeta): SourceUpdate | null {
    if (!event.product?.id) return null;
    const changedAt = event.createdAt ?? meta.occurredAt;
    return {
      kind: 'product',
      record: productRecordOf(event.product, event.texts, event.product.version, changedAt),
      occurredAt: meta.occurredAt,
    };
  },

  productChanged(event: ProductChanged, meta: EventMeta): SourceUpdate | null {
    if (!event.product?.id) return null;
    const changedAt = event.changedAt ?? meta.occurredAt;
    return {
      kind: 'product',
      record: productRecordOf(event.product, event.texts, event.version, changedAt),
      occurredAt: meta.occurredAt,
    };
  },

  categoryChanged(event: CategoryChanged, meta: EventMeta): SourceUpdate | null {
    if (!event.categoryId) return null;
    return { kind: 'category', record: categoryRecordOf(event, meta.occurredAt), occurredAt: meta.occurredAt };
  },

  categoryDeleted(event: CategoryDeleted, meta: EventMeta): SourceUpdate | null {
    if (!event.categoryId) return null;
    return { kind: 'category', record: deletedCategoryOf(event, meta.occurredAt), occurredAt: meta.occurredAt };
  },

  productPriceChanged(event: ProductPriceChanged, meta: EventMeta): SourceUpdate | null {
    const country = servedCountry(event.country);
    if (!event.productId || country === null) return null;
    return {
      kind: 'price',
      productId: event.productId,
      country,
      price: countryPriceOf(event.version, event.summary),
      occurredAt: meta.occurredAt,
    };
  },

  offerChanged(event: OfferChanged, meta: EventMeta): SourceUpdate | null {
    if (!event.offerId) return null;
    return { kind: 'offer', record: offerRecordOf(event), occurredAt: meta.occurredAt };
  },

  shopChanged(event: ShopChanged, meta: EventMeta): SourceUpdate | null {
    if (!event.shopId) return null;
    return { kind: 'shop', record: shopRecordOf(event, meta.occurredAt), occurredAt: meta.occurredAt };
  },

  shopDeleted(event: ShopDeleted, meta: EventMeta): SourceUpdate | null {
    if (!event.shopId) return null;
    return { kind: 'shop-deleted', shopId: event.shopId, occurredAt: meta.occurredAt };
  },

  clickRecorded(event: ClickRecorded, meta: EventMeta): SourceUpdate | null {
    const click = event.click;
    const country = servedCountry(click?.country ?? '');
    // Only counted clicks on a product's offer (not promotions, bots or duplicates) make it popular.
    if (!click?.counted || !click.productId || country === null) return null;
    return {
      kind: 'click',
      clickId: event.clickId || click.id,
      productId: click.productId,
      shopId: click.shopId,
      country,
      // The click's own time; the recording's or the event's for a producer that sends none.
      clickedAt: click.clickedAt ?? event.recordedAt ?? meta.occurredAt,
      occurredAt: meta.occurredAt,
    };
  },
};
