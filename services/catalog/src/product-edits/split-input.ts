import { FieldChecks } from '@pc/kit/errors/field-checks';
import type { MoveOfferLinksRequest } from '@pc/proto/catalog/v1/catalog';
import { productIdFromSegment } from '../domain/ids.js';
import { FALLBACK_LANGUAGE, type Localized } from '../domain/localized.js';
import type { ProductTextRecord } from '../domain/product.js';
import { offerLinkId } from '../store/offer-link-repository.js';
import { readGtins, readProductTexts } from './product-update-input.js';

/** Offers split off in one call: a staff decision about a product's offers, not a bulk job. */
const MAX_SPLIT_OFFERS = 100;
/** A staff reason is a sentence for the audit log, not a document. */
const MAX_REASON = 500;

/** The product a split creates, as staff describe it ('' brand or category: the source's). */
export interface NewSplitTarget {
  readonly texts: Localized<ProductTextRecord>;
  readonly brandId: string;
  readonly categoryId: string;
}

/** A checked MoveOfferLinks (ADR 060, 065): where the picked offers and GTINs go. */
export interface SplitInput {
  readonly productId: string;
  /** An existing product, or '' when `newProduct` is set. */
  readonly targetId: string;
  readonly newProduct: NewSplitTarget | null;
  /** Link ids of the picked offers, in request order (`offers[i]`). */
  readonly linkIds: readonly string[];
  /** Normalised GTIN-14s, in request order (`gtins[i]`). */
  readonly gtins: readonly string[];
  readonly reason: string;
}

/** Validates MoveOfferLinks field by field (INVALID_ARGUMENT naming every bad field, nothing changed). */
export function readSplit(request: MoveOfferLinksRequest): SplitInput {
  const checks = new FieldChecks();
  const productId = productIdFromSegment(checks.text('product_id', request.productId, { required: true, max: 100 }));
  const newProduct = request.newProduct ? readNewProduct(checks, request.newProduct) : null;
  const targetId = productIdFromSegment(
    checks.text('target_product_id', request.targetProductId, { required: !newProduct, max: 100 }),
  );
  if (newProduct && targetId)
    checks.add('target_product_id', 'is set together with new_product', 'excluded_with', { other: 'new_product' });
  if (targetId && targetId === productId)
    checks.add('target_product_id', 'is the product itself', 'different', { other: 'product_id' });
  if (request.offers.length === 0) checks.add('offers', 'is required', 'required');
  checks.maxItems('offers', request.offers.length, MAX_SPLIT_OFFERS);
  const linkIds = request.offers.map((offer, i) =>
    offerLinkId(
      checks.text(`offers[${i}].shop_id`, offer.shopId, { required: true, max: 200 }),
      checks.text(`offers[${i}].shop_offer_id`, offer.shopOfferId, { required: true, max: 500 }),
    ),
  );
  const gtins = readGtins(checks, request.gtins);
  const reason = checks.text('reason', request.reason, { max: MAX_REASON });
  checks.done();
  return { productId, targetId: newProduct ? '' : targetId, newProduct, linkIds, gtins, reason };
}

function readNewProduct(checks: FieldChecks, raw: NonNullable<MoveOfferLinksRequest['newProduct']>): NewSplitTarget {
  const texts = readProductTexts(checks, 'new_product.texts', raw.texts);
  if (!texts[FALLBACK_LANGUAGE]?.name)
    checks.add('new_product.texts', `needs a name in ${FALLBACK_LANGUAGE}, the default language`, 'required', {
      language: FALLBACK_LANGUAGE,
    });
  return {
    texts,
    brandId: checks.text('new_product.brand_id', raw.brandId, { max: 100 }),
    categoryId: checks.text('new_product.category_id', raw.categoryId, { max: 100 }),
  };
}
