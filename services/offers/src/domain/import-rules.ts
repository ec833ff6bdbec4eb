/**
 * The rules of buying abroad that the landed-price estimate applies (landed-price.ts), as data
 * in one place. Every figure names where it comes from; docs/decisions/049b-landed-price-estimates.md
 * lists the sources and the assumptions. Change a rule here and its date, nowhere else.
 */

/** Standard VAT rates in percent (consumer goods of the catalogue are standard-rated). */
export const STANDARD_VAT_PERCENT: Readonly<Record<string, number>> = {
  CH: 8.1, // since 2024-01-01 (Federal Tax Administration)
  LI: 8.1,
  DE: 19,
  AT: 20,
  FR: 20,
  IT: 22,
  ES: 21,
  PT: 23,
  BE: 21,
  NL: 21,
  LU: 17,
  IE: 23,
  GB: 20,
};

/** EU member states: one customs union, VAT of the destination on distance sales (OSS, since 2021-07-01). */
export const EU_COUNTRIES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
]);

/** An amount in a currency's minor units. */
export interface Amount {
  readonly amountMinor: number;
  readonly currency: string;
}

/**
 * Switzerland (FOCBS / Federal Tax Administration; Swiss Post's import price list):
 * - import VAT is not levied when the tax amount is CHF 5 or less (at 8.1 % that is goods and
 *   shipping up to about CHF 62);
 * - no customs duty on industrial goods of any origin since 2024-01-01 (agricultural goods keep
 *   theirs; the catalogue sells none);
 * - Swiss Post's clearance, charged when levies are collected: a basic fee (CHF 11.50 from
 *   Germany, France, Italy and Austria, CHF 16 from elsewhere) plus 3 % of the value of the goods
 *   (shipping and duties included), at most CHF 70, excluding VAT (the fee is part of the VAT base).
 */
export const SWITZERLAND = {
  vatNotLeviedUpTo: { amountMinor: 500, currency: 'CHF' } satisfies Amount,
  clearance: {
    basicNeighbours: { amountMinor: 1_150, currency: 'CHF' } satisfies Amount,
    neighbours: new Set(['DE', 'FR', 'IT', 'AT']),
    basicOthers: { amountMinor: 1_600, currency: 'CHF' } satisfies Amount,
    valuePercent: 3,
    maximum: { amountMinor: 7_000, currency: 'CHF' } satisfies Amount,
  },
} as const;

/**
 * The European Union (Council Directive (EU) 2017/2455, in force 2021-07-01; Council decision
 * of 2026-02-11 on low-value consignments):
 * - VAT on every import (the EUR 22 exemption ended 2021-07-01), at sale through the IOSS up
 *   to EUR 150, else at import;
 * - customs duty: a flat EUR 3 per item (tariff line) of consignments under EUR 150 from
 *   2026-07-01 until 2028-07-01 (before: duty relief up to EUR 150); from EUR 150 the tariff of
 *   the product, which depends on its tariff code: the estimate assumes `assumedDutyPercent`.
 */
export const EUROPEAN_UNION = {
  lowValueLimit: { amountMinor: 15_000, currency: 'EUR' } satisfies Amount,
  flatDuty: {
    amount: { amountMinor: 300, currency: 'EUR' } satisfies Amount,
    from: '2026-07-01T00:00:00Z',
    until: '2028-07-01T00:00:00Z',
  },
  assumedDutyPercent: 4,
} as const;

/**
 * The United Kingdom (HMRC, VAT on goods from abroad since 2021-01-01):
 * - consignments of GBP 135 or less: no customs duty, UK VAT charged by the seller at the sale;
 * - above: import VAT and customs duty at the border; the duty depends on the tariff code:
 *   the estimate assumes `assumedDutyPercent`. (The relief's end, announced in the 2025 Autumn
 *   Budget, takes effect by March 2029 at the latest; not yet in force.)
 */
export const UNITED_KINGDOM = {
  lowValueLimit: { amountMinor: 13_500, currency: 'GBP' } satisfies Amount,
  assumedDutyPercent: 4,
} as const;

/** Where a delivery goes, for the rules: Switzerland, the EU or the UK; null for others. */
export type Destination = 'CH' | 'EU' | 'GB';

export function destinationOf(country: string): Destination | null {
  if (country === 'CH' || country === 'LI') return 'CH';
  if (country === 'GB') return 'GB';
  return EU_COUNTRIES.has(country) ? 'EU' : null;
}

export const vatPercentOf = (country: string): number | null => STANDARD_VAT_PERCENT[country] ?? null;
