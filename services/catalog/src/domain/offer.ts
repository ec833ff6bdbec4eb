import type { MatchProductRequest } from '@pc/proto/catalog/v1/catalog';
import type { FieldViolation } from '@pc/kit/errors/domain-errors';
import { brandKey } from '../matching/brand.js';
import { normalizeGtin } from '../matching/gtin.js';
import { normalizeMpn } from '../matching/mpn.js';

/** What a shop says about an item, validated and normalised for matching. */
export interface OfferFacts {
  readonly shopId: string;
  readonly shopOfferId: string;
  readonly title: string;
  readonly description: string;
  /** The brand as the shop writes it (trimmed); '' when none. */
  readonly brandName: string;
  readonly brandKey: string;
  /** GTIN-14 with a verified check digit; null when absent or malformed (ignored, proto). */
  readonly gtin: string | null;
  readonly mpn: string;
  /** `normalizeMpn(mpn)`; '' when unusable (placeholder, too short). */
  readonly mpnKey: string;
  /** Category names from the root, in the offer's language; [] when none. */
  readonly categoryPath: readonly string[];
  /** Google product taxonomy id, 0 when none. */
  readonly googleCategoryId: number;
  /** Absolute http(s) URLs; others are dropped (a shop's relative path cannot be shown). */
  readonly imageUrls: readonly string[];
  readonly language: string;
  readonly createIfMissing: boolean;
}

export const OFFER_LIMITS = {
  idLength: 200,
  titleLength: 1_000,
  descriptionLength: 50_000,
  brandLength: 200,
  mpnLength: 100,
  gtinLength: 50,
  categoryPathLength: 1_000,
  imageUrls: 50,
  imageUrlLength: 2_048,
} as const;

const LANGUAGE = /^[a-z]{2}$/;

function isImageUrl(raw: string): boolean {
  if (raw.length > OFFER_LIMITS.imageUrlLength) return false;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function tooLong(field: string, value: string, max: number): FieldViolation[] {
  return value.length > max
    ? [{ field, reason: `must be at most ${max} characters`, rule: 'max', params: { max: String(max) } }]
    : [];
}

/** Checks one MatchProduct request; the violations name its fields as the proto does. */
export function readOffer(request: MatchProductRequest): { offer: OfferFacts } | { violations: FieldViolation[] } {
  const shopId = request.shopId.trim();
  const shopOfferId = request.shopOfferId.trim();
  const title = request.title.trim().replace(/\s+/g, ' ');
  const mpn = request.mpn.trim();
  const gtin = normalizeGtin(request.gtin.slice(0, OFFER_LIMITS.gtinLength));
  const violations: FieldViolation[] = [
    ...(shopId ? [] : [{ field: 'shop_id', reason: 'is required', rule: 'required' }]),
    ...(shopOfferId ? [] : [{ field: 'shop_offer_id', reason: 'is required', rule: 'required' }]),
    ...(title || gtin || normalizeMpn(mpn)
      ? []
      : [{ field: 'title', reason: 'title, a valid gtin or an mpn is required', rule: 'required_without_all' }]),
    ...tooLong('shop_id', shopId, OFFER_LIMITS.idLength),
    ...tooLong('shop_offer_id', shopOfferId, OFFER_LIMITS.idLength),
    ...tooLong('title', title, OFFER_LIMITS.titleLength),
    ...tooLong('description', request.description, OFFER_LIMITS.descriptionLength),
    ...tooLong('brand', request.brand, OFFER_LIMITS.brandLength),
    ...tooLong('mpn', mpn, OFFER_LIMITS.mpnLength),
    ...tooLong('category_path', request.categoryPath, OFFER_LIMITS.categoryPathLength),
    ...(request.language && !LANGUAGE.test(request.language)
      ? [{ field: 'language', reason: 'must be an ISO 639-1 code such as "de"', rule: 'regex' }]
      : []),
    ...(Number.isSafeInteger(request.googleProductCategoryId) && request.googleProductCategoryId >= 0
      ? []
      : [
          {
            field: 'google_product_category_id',
            reason: 'must be 0 or a taxonomy id',
            rule: 'min',
            params: { min: '0' },
          },
        ]),
    ...(request.imageUrls.length > OFFER_LIMITS.imageUrls
      ? [
          {
            field: 'image_urls',
            reason: `at most ${OFFER_LIMITS.imageUrls} images`,
            rule: 'max',
            params: { max: String(OFFER_LIMITS.imageUrls) },
          },
        ]
      : []),
  ];
  if (violations.length > 0) return { violations };
  const brandName = request.brand.trim().replace(/\s+/g, ' ');
  return {
    offer: {
      shopId,
      shopOfferId,
      title,
      description: request.description.trim(),
      brandName,
      brandKey: brandKey(brandName),
      gtin,
      mpn,
      mpnKey: normalizeMpn(mpn),
      categoryPath: request.categoryPath
        .split('>')
        .map((name) => name.trim().replace(/\s+/g, ' '))
        .filter((name) => name !== ''),
      googleCategoryId: request.googleProductCategoryId,
      imageUrls: [...new Set(request.imageUrls.map((url) => url.trim()).filter(isImageUrl))],
      language: request.language || 'en',
      createIfMissing: request.createIfMissing,
    },
  };
}

/** The stable reason code of a bad batch item (MatchProductResult.error_reason). */
export function errorReasonOf(violations: readonly FieldViolation[]): string {
  const [first] = violations;
  if (!first) return 'invalid';
  if (first.field === 'title' && first.rule === 'required_without_all') return 'title_or_gtin_or_mpn_required';
  return `${first.field}_${first.rule ?? 'invalid'}`;
}
