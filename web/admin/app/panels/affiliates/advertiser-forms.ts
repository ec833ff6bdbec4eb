import { z } from 'zod';
import { ADVERTISER_KIND_NAMES, PRICING_NAMES } from './advertiser-options';

const text = (max: number) => z.string().trim().max(max, 'field.tooLong');
/** A yes/no select (a checkbox posts nothing when unticked). */
const yesNo = z.enum(['yes', 'no'], { message: 'field.required' }).transform((value) => value === 'yes');

const advertiserFields = z.object({
  name: text(200).min(1, 'field.required'),
  kind: z.enum(ADVERTISER_KIND_NAMES, { message: 'field.required' }),
  shopId: text(100).default(''),
  brandSlug: text(100).default(''),
  homepageUrl: z.url({ protocol: /^https?$/, message: 'field.url' }),
  pricing: z.enum(PRICING_NAMES, { message: 'field.required' }),
});

/** A shop advertiser names its shop, a brand advertiser its brand. */
const withItsTarget = <T extends { kind: string; shopId: string; brandSlug: string }>(schema: z.ZodType<T>) =>
  schema
    .refine((f) => f.kind !== 'shop' || f.shopId, { path: ['shopId'], message: 'field.required' })
    .refine((f) => f.kind !== 'brand' || f.brandSlug, { path: ['brandSlug'], message: 'field.required' });

/** The advertisers page's form. */
export const newAdvertiser = withItsTarget(advertiserFields);
/** An advertiser's edit form: the same fields and whether it is active. */
export const advertiserEdit = withItsTarget(advertiserFields.extend({ active: yesNo }));

const accountFields = z.object({
  network: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'field.network'),
  publisherId: text(128).min(1, 'field.required'),
  commissionBasisPoints: z.coerce
    .number({ message: 'field.number' })
    .int('field.number')
    .min(0, 'field.range')
    .max(10_000, 'field.range'),
});

/** The advertiser page's new-account form. */
export const newAccount = accountFields;
/** An affiliate account's edit form. */
export const accountEdit = accountFields.extend({ active: yesNo });

const list = (pattern: RegExp, max: number) =>
  z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(/[\s,]+/)
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .refine((items) => items.length <= max && items.every((item) => pattern.test(item)), 'field.invalid');
const day = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'field.date')
  .default('');

/** An advertisement's edit form (every field SaveAdvertisement takes). */
export const advertisementEdit = z
  .object({
    placement: z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9-]{0,39}$/, 'field.invalid'),
    title: text(200).min(1, 'field.required'),
    text: text(1_000).default(''),
    imageUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/, message: 'field.url' })]).default(''),
    url: z.url({ protocol: /^https?$/, message: 'field.url' }),
    countries: list(/^[A-Za-z]{2}$/, 50).transform((items) => items.map((item) => item.toUpperCase())),
    language: z
      .string()
      .trim()
      .regex(/^([a-z]{2})?$/, 'field.invalid')
      .default(''),
    categoryIds: list(/^[\w-]{1,64}$/, 50),
    startsAt: day.refine((value) => value !== '', 'field.required'),
    endsAt: day,
    weight: z.coerce
      .number({ message: 'field.number' })
      .int('field.number')
      .min(0, 'field.range')
      .max(1_000, 'field.range'),
  })
  .refine((f) => !f.endsAt || f.endsAt > f.startsAt, { path: ['endsAt'], message: 'field.order' });
