import { FieldChecks } from '@pc/kit/errors/field-checks';

const COUNTRY = /^[A-Z]{2}$/;
const LANGUAGE = /^[a-z]{2}$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The field rules of a promotion (proto CreatePromotion/UpdatePromotion), on the kit's
 * FieldChecks: every bad field is collected and the call fails once, before anything is looked
 * up or written.
 */
export class PromotionChecks extends FieldChecks {
  title(value: string): string {
    return this.text('title', value, { required: true, max: 200 });
  }

  description(value: string): string {
    return this.text('description', value, { max: 2_000 });
  }

  landingUrl(value: string): string {
    return this.url('url', value, { required: true });
  }

  imageUrl(value: string): string {
    return this.url('image_url', value);
  }

  code(value: string): string {
    return this.text('code', value, { max: 64 });
  }

  discount(value: number): number {
    return this.intBetween('discount_percent', value, 0, 100);
  }

  id(field: string, value: string, options: { required: boolean }): string {
    return this.text(field, value, { required: options.required, max: 200 });
  }

  brandSlug(value: string): string {
    const slug = this.text('brand_slug', value, { max: 200 }).toLowerCase();
    if (slug && !SLUG.test(slug)) this.add('brand_slug', 'must be a slug such as "sony"', 'regex');
    return slug;
  }

  /** An ISO 3166-1 alpha-2 code, upper-cased, or '' when not given. */
  country(field: string, value: string): string {
    const code = value.trim().toUpperCase();
    if (code && !COUNTRY.test(code)) this.add(field, 'must be an ISO 3166-1 alpha-2 code such as "CH"', 'regex');
    return code;
  }

  /** ISO 3166-1 alpha-2 codes, upper-cased, each once; none means everywhere. */
  countries(values: readonly string[]): string[] {
    const codes = values.map((value) => value.trim().toUpperCase());
    codes.forEach((code, index) => {
      if (!code) this.add(`countries[${index}]`, 'is required', 'required');
      else this.country(`countries[${index}]`, code);
    });
    this.maxItems('countries', codes.length, 250);
    this.distinct('countries', codes, 'the country');
    return codes;
  }

  /** ISO 639-1, lower-cased, or '' when the texts' language is not given. */
  optionalLanguage(value: string): string {
    const language = value.trim().toLowerCase();
    if (language && !LANGUAGE.test(language)) this.add('language', 'must be an ISO 639-1 code such as "de"', 'regex');
    return language;
  }

  /** A promotion ends after it starts (open-ended when `endsAt` is null). */
  window(startsAt: Date, endsAt: Date | null): void {
    if (Number.isNaN(startsAt.getTime())) this.add('starts_at', 'must be a valid time', 'invalid');
    if (endsAt && Number.isNaN(endsAt.getTime())) this.add('ends_at', 'must be a valid time', 'invalid');
    else if (endsAt && endsAt.getTime() <= startsAt.getTime()) this.add('ends_at', 'must be after starts_at', 'after');
  }
}
