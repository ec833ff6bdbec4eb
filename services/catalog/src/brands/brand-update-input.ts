import { FieldChecks } from '@pc/kit/errors/field-checks';
import type { UpdateBrandRequest } from '@pc/proto/catalog/v1/catalog';
import type { BrandUpdate } from '../domain/brand-update.js';

export const BRAND_LIMITS = { name: 100, slug: 80, description: 5_000 } as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface BrandUpdateInput {
  readonly brandId: string;
  /** 0: no concurrency check. */
  readonly expectedVersion: number;
  readonly update: BrandUpdate;
}

/** Validates UpdateBrand field by field (INVALID_ARGUMENT with every bad field, nothing changed). */
export function readBrandUpdate(request: UpdateBrandRequest): BrandUpdateInput {
  const checks = new FieldChecks();
  const brandId = checks.text('brand_id', request.brandId, { required: true, max: 100 });
  checks.intBetween('expected_version', request.expectedVersion, 0, Number.MAX_SAFE_INTEGER);
  const slug =
    request.slug === undefined
      ? undefined
      : checks.text('slug', request.slug, { required: true, max: BRAND_LIMITS.slug });
  if (slug && !SLUG.test(slug))
    checks.add('slug', 'must be lower-case letters and digits joined by single dashes, e.g. "acme-tools"', 'regex');
  const descriptions: Record<string, string> = {};
  request.descriptions.forEach((translation, i) => {
    const language = checks.language(`descriptions[${i}].language`, translation.language);
    descriptions[language] = checks.text(`descriptions[${i}].description`, translation.description, {
      max: BRAND_LIMITS.description,
    });
  });
  checks.distinct(
    'descriptions',
    request.descriptions.map((translation) => translation.language.trim().toLowerCase()),
    'language',
  );
  const update: BrandUpdate = {
    name:
      request.name === undefined
        ? undefined
        : checks.text('name', request.name, { required: true, max: BRAND_LIMITS.name }),
    slug,
    logoUrl: request.logoUrl === undefined ? undefined : checks.url('logo_url', request.logoUrl),
    homepageUrl: request.homepageUrl === undefined ? undefined : checks.url('homepage_url', request.homepageUrl),
    descriptions,
  };
  checks.done();
  return { brandId, expectedVersion: request.expectedVersion, update };
}
