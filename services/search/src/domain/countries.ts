/**
 * The countries search keeps prices for (spec §9 regions). Each has its own price, offer and
 * shop fields in the product index (see product-fields.ts), so the list is part of the index
 * schema: adding a country changes the schema, and the index rebuilds itself from its stored
 * documents on the next start (prices of the new country then arrive with the next events).
 */
export const SERVED_COUNTRIES = ['CH', 'DE', 'AT', 'FR', 'IT', 'ES', 'PT', 'GB', 'US'] as const;
export type Country = (typeof SERVED_COUNTRIES)[number];

/** Spec §2.1: the default locale is en-ch. */
export const DEFAULT_COUNTRY: Country = 'CH';

const CURRENCIES: Readonly<Record<Country, string>> = {
  CH: 'CHF',
  DE: 'EUR',
  AT: 'EUR',
  FR: 'EUR',
  IT: 'EUR',
  ES: 'EUR',
  PT: 'EUR',
  GB: 'GBP',
  US: 'USD',
};

/** The currency prices of a country are shown in. */
export function currencyOf(country: Country): string {
  return CURRENCIES[country];
}

/** A served country from any-case ISO 3166-1 alpha-2, else null. */
export function servedCountry(code: string): Country | null {
  const upper = code.toUpperCase();
  return (SERVED_COUNTRIES as readonly string[]).includes(upper) ? (upper as Country) : null;
}

/**
 * Country codes as keyword values. The port matches a query equal to any keyword value exactly
 * (meant for GTINs, MPNs and slugs), so a bare "CH" or "IT" would make the two-letter query "it"
 * list every product offered in Italy; the prefix keeps codes out of reach of typed queries.
 */
const TOKEN_PREFIX = 'country:';

export function countryToken(country: Country): string {
  return `${TOKEN_PREFIX}${country}`;
}

export function countryOfToken(token: string): Country | null {
  return token.startsWith(TOKEN_PREFIX) ? servedCountry(token.slice(TOKEN_PREFIX.length)) : null;
}
