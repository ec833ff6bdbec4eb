import { status as GrpcStatus } from '@grpc/grpc-js';
import {
  AddReviewRequest,
  FindProductsByGtinRequest,
  MatchProductRequest,
  UpdateProductRequest,
} from '@pc/proto/catalog/v1/catalog';
import type { SeedProduct } from '../catalog/seed-product.js';
import type { SeedOffer } from '../offers/seed-offer.js';
import type { SeedReview } from '../reviews/seed-review.js';
import { LANGUAGES } from '../taxonomy/category.js';
import type { PlatformClients } from './clients.js';
import { failedWith } from './rpc-status.js';

/** Outcome counters of the catalog phase. */
export interface EnrichmentTally {
  productsFound: number;
  productsMissing: number;
  productsEnriched: number;
  reviewsAdded: number;
  reviewsExisting: number;
  /** First refusal per RPC (UNIMPLEMENTED, PERMISSION_DENIED …): the rest of that RPC is skipped. */
  readonly refused: Map<string, string>;
}

export const emptyTally = (): EnrichmentTally => ({
  productsFound: 0,
  productsMissing: 0,
  productsEnriched: 0,
  reviewsAdded: 0,
  reviewsExisting: 0,
  refused: new Map(),
});

const REFUSALS = [GrpcStatus.UNIMPLEMENTED, GrpcStatus.PERMISSION_DENIED, GrpcStatus.UNAUTHENTICATED];

/**
 * Finds the catalog product the ingest made for a seed product: by its GTIN, else through one of
 * its offers (MatchProduct answers the existing link of that shop item). Null when catalog has
 * none (e.g. every offer lacked a GTIN and matched nothing).
 */
export async function findCatalogProduct(
  clients: PlatformClients,
  product: SeedProduct,
  offers: readonly SeedOffer[],
  shopIds: readonly string[],
): Promise<string | null> {
  const { products } = await clients.catalog.findProductsByGtin(
    FindProductsByGtinRequest.fromPartial({ gtin: product.gtin, language: 'en' }),
  );
  if (products[0]) return products[0].id;
  for (const offer of offers) {
    const shopId = shopIds[offer.shop.index];
    if (!shopId) continue;
    const match = await clients.catalog.matchProduct(
      MatchProductRequest.fromPartial({
        shopId,
        shopOfferId: offer.shopOfferId,
        title: offer.title,
        brand: offer.brand,
        gtin: offer.rawGtin,
        mpn: offer.mpn,
        language: offer.language,
        createIfMissing: false,
      }),
    );
    if (match.productId) return match.productId;
  }
  return null;
}

/**
 * The manufacturer's data, as a data-enrichment import would add it: a clean name and short
 * description in every language, the technical features, the canonical MPN and the image gallery
 * with alt texts. (Shop observations carry titles, not structured features.)
 */
export function enrichmentRequest(
  product: SeedProduct,
  productId: string,
  actorUserId: string,
  imageBaseUrl: string,
): UpdateProductRequest {
  const features = product.features.map((feature) => ({ ...feature }));
  const summary = product.features.map((feature) => `${feature.name}: ${feature.value}`).join(' · ');
  return UpdateProductRequest.fromPartial({
    productId,
    actorUserId,
    texts: LANGUAGES.map((language) => {
      const variant = product.variant ? `, ${product.variant[language]}` : '';
      const noun = product.template.noun[language];
      return {
        language,
        name: `${product.brand.name} ${product.model} ${noun}${variant}`,
        description: `${noun} ${product.brand.name} ${product.model}${variant}. ${summary}`,
      };
    }),
    mpn: product.mpn,
    replaceFeatures: true,
    features,
    replaceImages: true,
    images: product.imageIds.map((id, n) => ({
      id,
      name: `${id}.svg`,
      src: `${imageBaseUrl}/img/placeholder/${id}.svg`,
      alt: `${product.brand.name} ${product.model} (${n + 1})`,
      width: 800,
      height: 800,
    })),
    language: 'en',
  });
}

/** Runs one catalog write unless that RPC was refused before; records the first refusal. */
export async function attempt(
  tally: EnrichmentTally,
  rpc: string,
  write: () => Promise<unknown>,
): Promise<'ok' | 'exists' | 'refused'> {
  if (tally.refused.has(rpc)) return 'refused';
  try {
    await write();
    return 'ok';
  } catch (error) {
    if (failedWith(error, GrpcStatus.ALREADY_EXISTS)) return 'exists';
    if (failedWith(error, ...REFUSALS)) {
      tally.refused.set(rpc, error instanceof Error ? error.message : String(error));
      return 'refused';
    }
    throw error;
  }
}

export const addReviewRequest = (productId: string, review: SeedReview): AddReviewRequest =>
  AddReviewRequest.fromPartial({ productId, actorUserId: '', ...review });
