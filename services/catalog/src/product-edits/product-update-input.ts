import { FieldChecks } from '@pc/kit/errors/field-checks';
import type { UpdateProductRequest } from '@pc/proto/catalog/v1/catalog';
import { ProductStatus, type ProductFeature, type ProductImage } from '@pc/proto/catalog/v1/types';
import { hashId, productIdFromSegment } from '../domain/ids.js';
import type { ProductFeatureRecord, ProductImageRecord, ProductTextRecord } from '../domain/product.js';
import { MAX_PRODUCT_IMAGES } from '../domain/product-images.js';
import type { ProductUpdate } from '../domain/product-update.js';
import { normalizeGtin } from '../matching/gtin.js';

export const PRODUCT_LIMITS = {
  name: 300,
  description: 20_000,
  mpn: 70,
  manufacturer: 200,
  gtins: 20,
  features: 200,
  featureText: 200,
  featureValue: 1_000,
  imageText: 300,
} as const;

/** Staff may show or hide a product; MERGED comes only from MergeProducts. */
const STATUSES = new Map<ProductStatus, 'active' | 'hidden'>([
  [ProductStatus.PRODUCT_STATUS_ACTIVE, 'active'],
  [ProductStatus.PRODUCT_STATUS_HIDDEN, 'hidden'],
]);

export interface ProductUpdateInput {
  readonly productId: string;
  /** 0: no concurrency check. */
  readonly expectedVersion: number;
  readonly update: ProductUpdate;
}

/** Validates UpdateProduct field by field (INVALID_ARGUMENT with every bad field, nothing changed). */
export function readProductUpdate(request: UpdateProductRequest): ProductUpdateInput {
  const checks = new FieldChecks();
  const productId = productIdFromSegment(checks.text('product_id', request.productId, { required: true, max: 100 }));
  checks.intBetween('expected_version', request.expectedVersion, 0, Number.MAX_SAFE_INTEGER);
  const texts = readProductTexts(checks, 'texts', request.texts);
  const update: ProductUpdate = {
    texts,
    brandId: request.brandId?.trim(),
    categoryId: request.categoryId?.trim(),
    mpn: request.mpn === undefined ? undefined : checks.text('mpn', request.mpn, { max: PRODUCT_LIMITS.mpn }),
    manufacturer:
      request.manufacturer === undefined
        ? undefined
        : checks.text('manufacturer', request.manufacturer, { max: PRODUCT_LIMITS.manufacturer }),
    gtins: listField(checks, 'gtins', request.replaceGtins, request.gtins, () => readGtins(checks, request.gtins)),
    images: listField(checks, 'images', request.replaceImages, request.images, () =>
      readImages(checks, request.images),
    ),
    features: listField(checks, 'features', request.replaceFeatures, request.features, () =>
      readFeatures(checks, request.features),
    ),
    status: request.status === undefined ? undefined : readStatus(checks, request.status),
  };
  checks.done();
  return { productId, expectedVersion: request.expectedVersion, update };
}

/** Names and descriptions per language (`field[i].name`, …), one entry per language. */
export function readProductTexts(
  checks: FieldChecks,
  field: string,
  raw: readonly { readonly language: string; readonly name: string; readonly description: string }[],
): Record<string, ProductTextRecord> {
  const texts: Record<string, ProductTextRecord> = {};
  raw.forEach((text, i) => {
    const language = checks.language(`${field}[${i}].language`, text.language);
    const name = checks.text(`${field}[${i}].name`, text.name, { required: true, max: PRODUCT_LIMITS.name });
    texts[language] = {
      name,
      description: checks.text(`${field}[${i}].description`, text.description, { max: PRODUCT_LIMITS.description }),
    };
  });
  checks.distinct(
    field,
    raw.map((text) => text.language.trim().toLowerCase()),
    'language',
  );
  return texts;
}

/** A list replaced as a whole: read only with its replace flag; items without it are a mistake. */
function listField<T>(
  checks: FieldChecks,
  field: string,
  replace: boolean,
  items: readonly unknown[],
  read: () => T,
): T | undefined {
  if (replace) return read();
  if (items.length > 0)
    checks.add(field, `is only read with replace_${field}`, 'required_with', { other: `replace_${field}` });
  return undefined;
}

/** Normalised GTIN-14s (`gtins[i]` names a bad one), without repeats. */
export function readGtins(checks: FieldChecks, raw: readonly string[]): string[] {
  checks.maxItems('gtins', raw.length, PRODUCT_LIMITS.gtins);
  const gtins = raw.map((value, i) => {
    const gtin = normalizeGtin(value);
    if (!gtin) checks.add(`gtins[${i}]`, 'must be 8, 12, 13 or 14 digits with a valid check digit', 'gtin');
    return gtin ?? '';
  });
  return [...new Set(gtins)];
}

function readImages(checks: FieldChecks, images: readonly ProductImage[]): ProductImageRecord[] {
  checks.maxItems('images', images.length, MAX_PRODUCT_IMAGES);
  const records = images.map((image, i) => {
    const src = checks.url(`images[${i}].src`, image.src, { required: true });
    return {
      id: checks.text(`images[${i}].id`, image.id, { max: 64 }) || hashId(['image', src], 10),
      name: checks.text(`images[${i}].name`, image.name, { max: PRODUCT_LIMITS.imageText }),
      src,
      alt: checks.text(`images[${i}].alt`, image.alt, { max: PRODUCT_LIMITS.imageText }),
      width: checks.intBetween(`images[${i}].width`, image.width, 0, 100_000),
      height: checks.intBetween(`images[${i}].height`, image.height, 0, 100_000),
    };
  });
  checks.distinct(
    'images',
    records.map((image) => image.id),
    'image id',
  );
  return records;
}

function readFeatures(checks: FieldChecks, features: readonly ProductFeature[]): ProductFeatureRecord[] {
  checks.maxItems('features', features.length, PRODUCT_LIMITS.features);
  const records = features.map((feature, i) => ({
    group: checks.text(`features[${i}].group`, feature.group, { max: PRODUCT_LIMITS.featureText }),
    name: checks.text(`features[${i}].name`, feature.name, { required: true, max: PRODUCT_LIMITS.featureText }),
    value: checks.text(`features[${i}].value`, feature.value, { required: true, max: PRODUCT_LIMITS.featureValue }),
  }));
  // One value per attribute: the product page's table would show two rows of one name.
  checks.distinct(
    'features',
    records.map((feature) => (feature.group ? `${feature.group} / ${feature.name}` : feature.name).toLowerCase()),
    'attribute',
  );
  return records;
}

function readStatus(checks: FieldChecks, status: ProductStatus): 'active' | 'hidden' | undefined {
  const name = STATUSES.get(status);
  if (!name) checks.add('status', 'must be PRODUCT_STATUS_ACTIVE or PRODUCT_STATUS_HIDDEN', 'in');
  return name;
}
