import { isHttpUrl } from '@pc/kit/errors/field-checks';
import { z } from 'zod';

const text = (max: number) => z.string().trim().max(max, 'field.tooLong');

/**
 * An address as affiliates checks a promotion's (FieldChecks.url): trimmed, at most 2,048
 * characters, an absolute http(s) URL — by the kit's own test, so the form never lets through
 * what the service would refuse, nor refuses what it takes.
 */
const address = z
  .string()
  .trim()
  .max(2_048, 'field.tooLong')
  .refine((value) => value === '' || isHttpUrl(value), 'field.url');

/** A calendar day (YYYY-MM-DD, UTC) that exists ("2025-02-30" does not), or '' when not given. */
const day = z
  .string()
  .trim()
  .default('')
  .refine(
    (value) =>
      value === '' ||
      (/^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)),
    'field.date',
  );

/** ISO codes, comma- or space-separated, upper-cased; affiliates checks each and that none repeats. */
const countries = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(/[\s,]+/)
      .map((item) => item.trim().toUpperCase())
      .filter(Boolean),
  )
  .refine((items) => items.length <= 250, 'field.tooMany')
  .refine((items) => items.every((item) => /^[A-Z]{2}$/.test(item)), 'field.invalid');

/** 0 (none) when left empty. */
const percent = z.preprocess(
  (value) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? 0 : value),
  z.coerce.number({ message: 'field.number' }).int('field.number').min(0, 'field.range').max(100, 'field.range'),
);

const promotionFields = z.object({
  title: text(200).min(1, 'field.required'),
  description: text(2_000).default(''),
  imageUrl: address.default(''),
  url: address.refine((value) => value !== '', 'field.required'),
  code: text(64).default(''),
  discountPercent: percent,
  countries,
  language: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^([a-z]{2})?$/, 'field.invalid')
    .default(''),
  startsAt: day,
  endsAt: day,
});

/** The end after the start (a new one without a start starts now: affiliates checks that end). */
const endAfterStart = <T extends { startsAt: string; endsAt: string }>(schema: z.ZodType<T>) =>
  schema.refine((f) => !f.endsAt || !f.startsAt || f.endsAt > f.startsAt, { path: ['endsAt'], message: 'field.order' });

/**
 * The promotions page's form: every field of CreatePromotion. The brand's slug and repeated
 * countries are affiliates' to judge; its field violations come back to their inputs.
 */
export const newPromotion = endAfterStart(
  promotionFields.extend({
    shopId: text(200).min(1, 'field.required'),
    productId: text(200).default(''),
    brandSlug: text(200).default(''),
  }),
);

/** A promotion's edit form: every field UpdatePromotion changes (its shop, product and brand stay). */
export const promotionEdit = endAfterStart(
  promotionFields.extend({ startsAt: day.refine((value) => value !== '', 'field.required') }),
);
