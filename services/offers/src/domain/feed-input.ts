import { FeedFormat } from '@pc/proto/offers/v1/types';
import type { FieldViolation } from '@pc/kit/errors/domain-errors';
import { isCurrencyCode } from './currency.js';
import { ShopInputChecks } from './shop-input.js';

/** Formats the feed reader reads; FEED_FORMAT_XML (another XML with a field mapping) is not one. */
export const READABLE_FEED_FORMATS: readonly FeedFormat[] = [
  FeedFormat.FEED_FORMAT_UNSPECIFIED,
  FeedFormat.FEED_FORMAT_CSV,
  FeedFormat.FEED_FORMAT_TSV,
  FeedFormat.FEED_FORMAT_GOOGLE_MERCHANT_XML,
];

/** The language a country's feeds are written in unless the shop says otherwise. */
const COUNTRY_LANGUAGES: Readonly<Record<string, string>> = {
  CH: 'de',
  DE: 'de',
  AT: 'de',
  LI: 'de',
  FR: 'fr',
  BE: 'fr',
  LU: 'fr',
  IT: 'it',
  ES: 'es',
  PT: 'pt',
  GB: 'en',
  IE: 'en',
  US: 'en',
  NL: 'nl',
};

export const countryLanguage = (country: string): string => COUNTRY_LANGUAGES[country] ?? 'en';

/** Fetch intervals a feed may have: the crawler schedules no more often than every 15 minutes. */
export const FEED_INTERVAL_MINUTES = { min: 15, max: 43_200, default: 1_440 } as const;

export const MAX_FEEDS_PER_SHOP = 20;
export const MAX_URL_PARAMETERS = 20;
const MAX_PARAMETER_TEXT = 255;

const LANGUAGE = /^[a-z]{2}$/;

/** Field checks of the feed settings (AddFeed, UpdateFeed, IngestFeed) and URL parameters. */
export class FeedInputChecks extends ShopInputChecks {
  /** An http(s) URL with a host, without credentials (they would travel in every fetch and event). */
  feedUrl(field: string, value: string): string {
    const checked = this.homepage(field, value, true);
    if (!checked) return '';
    const url = new URL(checked.url);
    if (url.username || url.password) {
      this.violations.push({ field, reason: 'must not contain a user name or password', rule: 'url' });
      return '';
    }
    url.hash = '';
    return url.toString();
  }

  format(field: string, value: number): FeedFormat {
    if (!READABLE_FEED_FORMATS.includes(value))
      this.violations.push({
        field,
        reason: 'must be CSV, TSV or Google Merchant XML (or unspecified: detected)',
        rule: 'in',
      });
    return value;
  }

  currencyCode(field: string, value: string, required: boolean): string {
    const code = value.trim().toUpperCase();
    if (!code) {
      if (required) this.violations.push({ field, reason: 'is required', rule: 'required' });
    } else if (!isCurrencyCode(code))
      this.violations.push({ field, reason: 'must be an ISO 4217 code such as "CHF"', rule: 'in' });
    return code;
  }

  language(field: string, value: string, required: boolean): string {
    const code = value.trim().toLowerCase();
    if (!code) {
      if (required) this.violations.push({ field, reason: 'is required', rule: 'required' });
    } else if (!LANGUAGE.test(code))
      this.violations.push({ field, reason: 'must be an ISO 639-1 code such as "de"', rule: 'in' });
    return code;
  }

  interval(field: string, value: number): number {
    if (!Number.isInteger(value) || value < FEED_INTERVAL_MINUTES.min || value > FEED_INTERVAL_MINUTES.max) {
      this.violations.push({
        field,
        reason: `between ${FEED_INTERVAL_MINUTES.min} and ${FEED_INTERVAL_MINUTES.max} minutes`,
        rule: 'between',
        params: { min: String(FEED_INTERVAL_MINUTES.min), max: String(FEED_INTERVAL_MINUTES.max) },
      });
    }
    return value;
  }

  /** URL parameters: names present and unique, at most 20, names and values at most 255 characters, no control characters. */
  urlParameters(
    field: string,
    parameters: readonly { name: string; value: string }[],
  ): { name: string; value: string }[] {
    if (parameters.length > MAX_URL_PARAMETERS)
      this.violations.push({
        field,
        reason: `at most ${MAX_URL_PARAMETERS} parameters`,
        rule: 'max',
        params: { max: String(MAX_URL_PARAMETERS) },
      });
    const seen = new Set<string>();
    return parameters.map((parameter, index) => {
      const name = parameter.name.trim();
      const at = `${field}[${index}]`;
      const problems: FieldViolation[] = [];
      if (!name) problems.push({ field: `${at}.name`, reason: 'is required', rule: 'required' });
      else if (seen.has(name))
        problems.push({ field: `${at}.name`, reason: `"${name}" is already in the list`, rule: 'distinct' });
      for (const [part, text] of [
        ['name', name],
        ['value', parameter.value],
      ] as const) {
        if (text.length > MAX_PARAMETER_TEXT)
          problems.push({
            field: `${at}.${part}`,
            reason: `at most ${MAX_PARAMETER_TEXT} characters`,
            rule: 'max',
            params: { max: String(MAX_PARAMETER_TEXT) },
          });
        else if (hasControlCharacter(text))
          problems.push({ field: `${at}.${part}`, reason: 'must not contain control characters', rule: 'regex' });
      }
      seen.add(name);
      this.violations.push(...problems);
      return { name, value: parameter.value };
    });
  }
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) < 0x20 || text.charCodeAt(i) === 0x7f) return true;
  return false;
}
