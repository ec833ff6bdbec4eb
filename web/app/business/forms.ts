import { isValidPhoneNumber, type CountryCode } from 'libphonenumber-js';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { z } from 'zod';

/**
 * The forms of the business area (spec §2.2 business dashboard, shop settings, register-shop
 * form; §5 validation), one zod schema each: the page checks input with them before sending,
 * the action checks again, and offers and billing check once more (the authority). Problems
 * name their translation key (`business.validation.*`) where the shared catalogue has none.
 */

/** Countries a shop's address may be in: the spec's regions and their neighbours (ISO 3166-1). */
export const SHOP_COUNTRIES = [
  'CH',
  'LI',
  'DE',
  'AT',
  'FR',
  'IT',
  'ES',
  'PT',
  'GB',
  'IE',
  'NL',
  'BE',
  'LU',
  'US',
] as const;
export type ShopCountry = (typeof SHOP_COUNTRIES)[number];

const rule = (name: string) => ({ params: { rule: `business.validation.${name}` } });
const text = (max: number) => z.string().trim().max(max);
const requiredText = (max: number) => text(max).min(1, 'is required');

/** An http(s) URL with a host that has a dot (a shop's site, a feed), as offers accepts it. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname.includes('.') &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}

const webUrl = (required: boolean) =>
  (required ? requiredText(2048) : text(2048)).refine((value) => value === '' || isWebUrl(value), {
    message: 'must be an http(s) URL',
    ...rule('url'),
  });

/** A postal code of the country where postcode-validator knows its format, else of a plausible form. */
export const isPostalCode = (zipCode: string, country: string): boolean =>
  postcodeValidatorExistsForCountry(country)
    ? postcodeValidator(zipCode, country)
    : /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/.test(zipCode);

/** A shop's details as its owner gives them (spec §3 Shop), on registering and in shop settings. */
const shopDetails = {
  name: requiredText(120),
  company: requiredText(200),
  commercial_register_number: text(64).default(''),
  line1: requiredText(200),
  line2: text(200).default(''),
  zip_code: requiredText(12),
  city: requiredText(100),
  country: z.enum(SHOP_COUNTRIES, { error: 'choose a country' }),
  phone: text(32).default(''),
  email: requiredText(254).email('must be a valid email address'),
};

/** The postal code and phone number must be of the address's country. */
function addressOfItsCountry(
  form: { zip_code: string; country: string; phone: string },
  context: z.RefinementCtx,
): void {
  if (form.zip_code && !isPostalCode(form.zip_code, form.country)) {
    context.addIssue({
      code: 'custom',
      path: ['zip_code'],
      message: 'not a postal code of the country',
      ...rule('postalCode'),
    });
  }
  if (form.phone && !isValidPhoneNumber(form.phone, form.country as CountryCode)) {
    context.addIssue({ code: 'custom', path: ['phone'], message: 'not a phone number', ...rule('phone') });
  }
}

/** The register-shop form: every Shop field of spec §3 and the terms of §5. */
export const registerShopForm = z
  .object({
    ...shopDetails,
    homepage: webUrl(true),
    feed_url: webUrl(false).default(''),
    // A refinement rather than a literal: a literal's failure would skip the postal code and phone checks below.
    terms: z.boolean().refine((accepted) => accepted, { message: 'must be accepted' }),
  })
  .superRefine(addressOfItsCountry);

/**
 * Shop settings' details: what the owner registered, and a description shown on the shop's page.
 * The homepage (the shop's domain, which staff confirm) is not changed here.
 */
export const shopDetailsForm = z
  .object({ ...shopDetails, description: text(2000).default('') })
  .superRefine(addressOfItsCountry);

export type ShopDetailsInput = z.output<typeof shopDetailsForm>;

export type RegisterShopInput = z.output<typeof registerShopForm>;

/** Feed formats the form offers (offers' FeedFormat; "detect" reads the content). */
export const FEED_FORMATS = ['detect', 'csv', 'tsv', 'google'] as const;
export type FeedFormatName = (typeof FEED_FORMATS)[number];

export const addFeedForm = z.object({ url: webUrl(true), format: z.enum(FEED_FORMATS).default('detect') });

export const feedIdForm = z.object({ feed_id: requiredText(64) });

/** A checkbox as a post carries it: "on" when ticked, absent when not. */
const checkbox = z.unknown().transform((value) => value === 'on' || value === 'true' || value === true);

/** Editing a feed: its URL, format and whether it is fetched. */
export const updateFeedForm = feedIdForm.extend({
  url: webUrl(true),
  format: z.enum(FEED_FORMATS).default('detect'),
  enabled: checkbox,
});

/** At most 20 parameters (offers' limit); the form shows the saved ones and empty rows to add more. */
export const MAX_URL_PARAMETERS = 20;
export const PARAMETER_NAME = /^[A-Za-z0-9_.~-]{1,255}$/;

/**
 * URL parameters as the form posts them: `param_name_0`, `param_value_0`, … Rows with an empty
 * name and value are left out; a value without a name, a name twice or a name with characters
 * that do not belong in a query are the name field's problem.
 */
export const urlParametersForm = z
  .record(z.string(), z.unknown())
  .transform((posted) => {
    const rows: { index: number; name: string; value: string }[] = [];
    for (let index = 0; index < MAX_URL_PARAMETERS; index += 1) {
      const name = String(posted[`param_name_${index}`] ?? '').trim();
      const value = String(posted[`param_value_${index}`] ?? '').trim();
      if (name || value) rows.push({ index, name, value });
    }
    return rows;
  })
  .superRefine((rows, context) => {
    const seen = new Set<string>();
    for (const row of rows) {
      const path = [`param_name_${row.index}`];
      if (!row.name) context.addIssue({ code: 'custom', path, message: 'is required', params: { rule: 'required' } });
      else if (!PARAMETER_NAME.test(row.name))
        context.addIssue({ code: 'custom', path, message: 'not a parameter name', ...rule('parameterName') });
      else if (seen.has(row.name))
        context.addIssue({ code: 'custom', path, message: 'given twice', ...rule('parameterTwice') });
      if (row.value.length > 255)
        context.addIssue({
          code: 'custom',
          path: [`param_value_${row.index}`],
          message: 'too long',
          params: { rule: 'max' },
        });
      seen.add(row.name);
    }
  });

/** Deleting a shop cannot be undone (spec §4): an explicit confirmation. */
export const deleteShopForm = z.object({ confirm: z.literal(true, { error: 'must be confirmed' }) });

/** Starting the subscription for a shop, on a plan. */
export const subscribeForm = z.object({ shop_id: requiredText(64), plan_id: requiredText(64) });

/** Buttons without fields: a card, cancelling at the period end. */
export const emptyForm = z.object({});
