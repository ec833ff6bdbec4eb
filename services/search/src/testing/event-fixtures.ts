import { ClickRecorded } from '@pc/proto/affiliates/events/v1/events';
import { CategoryChanged, CategoryDeleted, ProductChanged, ProductCreated } from '@pc/proto/catalog/events/v1/events';
import { ProductStatus } from '@pc/proto/catalog/v1/types';
import { PriceTrend } from '@pc/proto/common/v1/commerce';
import {
  OfferChangeKind,
  OfferChanged,
  ProductPriceChanged,
  ShopChanged,
  ShopDeleted,
} from '@pc/proto/offers/events/v1/events';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import { Events } from '@pc/proto/event-catalog';
import type { PendingEvent } from '@pc/kit/events/publisher';

/**
 * Builders of the events search consumes, as their producers encode them (test support). Each
 * returns the pending event (topic, key, payload) a producer would publish.
 */
export interface ProductSpec {
  readonly id: string;
  readonly version?: number;
  /** ISO 639-1 → name; the English one is the product's own name. */
  readonly names: Readonly<Record<string, string>>;
  readonly brand?: { readonly slug: string; readonly name: string; readonly productsCount?: number };
  /** Category path, root first: [id, name]. */
  readonly path?: readonly (readonly [string, string])[];
  readonly gtins?: readonly string[];
  readonly mpn?: string;
  readonly rating?: readonly [number, number];
  readonly status?: ProductStatus;
  readonly createdAt?: string;
  /** Specifications: [name, value]. */
  readonly features?: readonly (readonly [string, string])[];
}

function productMessage(spec: ProductSpec) {
  const path = spec.path ?? [];
  const breadcrumbs = path.map(([id, name]) => ({ id, slug: id, name, productsCount: 10 }));
  const gtin = spec.gtins?.[0] ?? '';
  return {
    id: spec.id,
    slug: spec.id,
    name: spec.names.en ?? Object.values(spec.names)[0] ?? '',
    language: 'en',
    brand: spec.brand
      ? {
          id: `brand-${spec.brand.slug}`,
          slug: spec.brand.slug,
          name: spec.brand.name,
          productsCount: spec.brand.productsCount ?? 1,
        }
      : undefined,
    category: breadcrumbs[breadcrumbs.length - 1],
    breadcrumbs,
    images: [{ id: 'i1', name: 'main', src: `https://img.example/${spec.id}.jpg`, alt: '' }],
    gtins: [...(spec.gtins ?? [])],
    displayGtin: gtin.startsWith('0') ? gtin.slice(1) : gtin,
    mpn: spec.mpn ?? '',
    rating: spec.rating ? { value: spec.rating[0], count: spec.rating[1], distribution: [] } : undefined,
    features: (spec.features ?? []).map(([name, value]) => ({ group: '', name, value })),
    status: spec.status ?? ProductStatus.PRODUCT_STATUS_ACTIVE,
    createdAt: new Date(spec.createdAt ?? '2026-01-01T00:00:00Z'),
    version: spec.version ?? 1,
  };
}

const textsOf = (spec: ProductSpec) =>
  Object.entries(spec.names).map(([language, name]) => ({ language, name, description: '' }));

export function productCreated(spec: ProductSpec): PendingEvent<ProductCreated> {
  const payload = ProductCreated.fromPartial({
    productId: spec.id,
    product: productMessage(spec),
    texts: textsOf(spec),
    createdAt: new Date(spec.createdAt ?? '2026-01-01T00:00:00Z'),
  });
  return { type: Events.productCreated, key: spec.id, payload };
}

export function productChanged(spec: ProductSpec): PendingEvent<ProductChanged> {
  const payload = ProductChanged.fromPartial({
    productId: spec.id,
    version: spec.version ?? 1,
    product: productMessage(spec),
    texts: textsOf(spec),
    categoryPathIds: (spec.path ?? []).map(([id]) => id),
    changedAt: new Date(),
  });
  return { type: Events.productChanged, key: spec.id, payload };
}

export interface CategorySpec {
  readonly version: number;
  /** ISO 639-1 → name. */
  readonly names: Readonly<Record<string, string>>;
  /** Root first, the parent last. */
  readonly ancestorIds?: readonly string[];
  readonly createdAt?: string;
}

export function categoryChanged(categoryId: string, spec: CategorySpec): PendingEvent<CategoryChanged> {
  const ancestorIds = spec.ancestorIds ?? [];
  const payload = CategoryChanged.fromPartial({
    categoryId,
    version: spec.version,
    parentId: ancestorIds.at(-1) ?? '',
    ancestorIds: [...ancestorIds],
    names: Object.entries(spec.names).map(([language, name]) => ({
      language,
      name,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    })),
    createdAt: new Date(spec.createdAt ?? '2026-01-01T00:00:00Z'),
    changedAt: new Date(),
  });
  return { type: Events.categoryChanged, key: categoryId, payload };
}

export function categoryDeleted(
  categoryId: string,
  spec: { readonly version: number; readonly createdAt?: string },
): PendingEvent<CategoryDeleted> {
  const payload = CategoryDeleted.fromPartial({
    categoryId,
    version: spec.version,
    createdAt: new Date(spec.createdAt ?? '2026-01-01T00:00:00Z'),
    deletedAt: new Date(),
  });
  return { type: Events.categoryDeleted, key: categoryId, payload };
}

export interface PriceSpec {
  readonly productId: string;
  readonly country: string;
  readonly version: number;
  /** Minor units; omitted: no active offer left. */
  readonly lowest?: number;
  readonly currency?: string;
  readonly offers?: number;
  readonly inStock?: number;
  readonly drop?: number;
  readonly green?: boolean;
}

export function priceChanged(spec: PriceSpec): PendingEvent<ProductPriceChanged> {
  const currency = spec.currency ?? (spec.country === 'CH' ? 'CHF' : 'EUR');
  const payload = ProductPriceChanged.fromPartial({
    productId: spec.productId,
    country: spec.country,
    version: spec.version,
    summary: {
      productId: spec.productId,
      country: spec.country,
      lowestPrice: spec.lowest === undefined ? undefined : { amountMinor: spec.lowest, currency },
      highestPrice: spec.lowest === undefined ? undefined : { amountMinor: spec.lowest * 2, currency },
      offersCount: spec.offers ?? (spec.lowest === undefined ? 0 : 1),
      inStockOffersCount: spec.inStock ?? 0,
      trend: spec.drop ? PriceTrend.PRICE_TREND_DOWN : PriceTrend.PRICE_TREND_STABLE,
      priceDropPercent: spec.drop ?? 0,
      hasGreenOffer: spec.green ?? false,
    },
    changedAt: new Date(),
  });
  return { type: Events.productPriceChanged, key: spec.productId, payload };
}

export function offerChanged(
  offerId: string,
  spec: { productId: string; shopId: string; country: string; version: number; removed?: boolean },
): PendingEvent<OfferChanged> {
  const payload = OfferChanged.fromPartial({
    offerId,
    version: spec.version,
    kind: spec.removed
      ? OfferChangeKind.OFFER_CHANGE_KIND_REMOVED
      : spec.version === 1
        ? OfferChangeKind.OFFER_CHANGE_KIND_CREATED
        : OfferChangeKind.OFFER_CHANGE_KIND_UPDATED,
    offer: {
      id: offerId,
      productId: spec.productId,
      shop: { id: spec.shopId, name: spec.shopId },
      country: spec.country,
      active: !spec.removed,
      version: spec.version,
    },
    changedAt: new Date(),
  });
  return { type: Events.offerChanged, key: offerId, payload };
}

export function shopChanged(
  shopId: string,
  spec: {
    name: string;
    countries: string[];
    version: number;
    status?: ShopStatus;
    offersCount?: number;
    registeredAt?: string;
    /** Visitors' rating: [value, published reviews]. */
    rating?: readonly [number, number];
  },
): PendingEvent<ShopChanged> {
  const payload = ShopChanged.fromPartial({
    shopId,
    version: spec.version,
    shop: {
      id: shopId,
      name: spec.name,
      domain: `${shopId}.example`,
      countries: spec.countries,
      offersCount: spec.offersCount ?? 0,
      status: spec.status ?? ShopStatus.SHOP_STATUS_ACTIVE,
      registeredAt: new Date(spec.registeredAt ?? '2026-01-01T00:00:00Z'),
      version: spec.version,
      rating: spec.rating
        ? { value: spec.rating[0], count: spec.rating[1], distribution: [], verifiedCount: 0 }
        : undefined,
    },
    changedAt: new Date(),
  });
  return { type: Events.shopChanged, key: shopId, payload };
}

export function shopDeleted(shopId: string): PendingEvent<ShopDeleted> {
  return { type: Events.shopDeleted, key: shopId, payload: ShopDeleted.fromPartial({ shopId, deletedAt: new Date() }) };
}

/** `clickedAt`: when the visitor clicked (default now); `shopId`: the shop of the offer followed. */
export function clickRecorded(
  clickId: string,
  spec: { productId: string; country: string; clickedAt?: Date; shopId?: string },
): PendingEvent<ClickRecorded> {
  const clickedAt = spec.clickedAt ?? new Date();
  const payload = ClickRecorded.fromPartial({
    clickId,
    click: {
      id: clickId,
      productId: spec.productId,
      shopId: spec.shopId ?? '',
      country: spec.country,
      counted: true,
      clickedAt,
    },
    recordedAt: new Date(),
  });
  return { type: Events.clickRecorded, key: clickId, payload };
}
