import { parse } from 'csv-parse/sync';
import { isCurrencyCode, isoDay, normalizeRate } from './rate-text.js';

/** The ECB's daily file is a few hundred bytes; anything much larger is not it. */
export const MAX_ECB_FILE_BYTES = 64 * 1024;

/** One EUR reference rate: units of `currency` per 1 EUR. */
export interface EcbRate {
  readonly currency: string;
  readonly rate: string;
}

/** The daily file as read: its day and rates. */
export interface EcbRates {
  /** The publication day, "YYYY-MM-DD". */
  readonly day: string;
  readonly rates: readonly EcbRate[];
  /** Currencies the file names without a rate ("N/A"). */
  readonly missing: readonly string[];
}

/** Why a file is not the daily file (the admin app's messages are `fx.ecb.<code>`). */
export type EcbFileError = 'unreadable' | 'header' | 'rows' | 'date' | 'currency' | 'duplicate' | 'rate' | 'noRates';

/** What is wrong with a file, with the values its message names. */
export interface EcbFileProblem {
  readonly error: EcbFileError;
  readonly params?: Readonly<Record<string, string>>;
}

export type EcbFile = EcbRates | EcbFileProblem;

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** "06 December 2026" (the daily file) or "2026-12-06" (the history file's form) → "2026-12-06". */
function ecbDay(text: string): string | null {
  const spelled = /^(\d{1,2}) ([A-Za-z]+) (\d{4})$/.exec(text);
  if (!spelled) return isoDay(text);
  const [, day = '', month = '', year = ''] = spelled;
  const index = MONTHS.indexOf(month.toLowerCase());
  return index < 0 ? null : isoDay(`${year}-${String(index + 1).padStart(2, '0')}-${day.padStart(2, '0')}`);
}

/**
 * The ECB's euro foreign exchange reference rates as published daily (`eurofxref.csv` inside
 * https://www.ecb.europa.eu/stats/eurofxref/eurofxref.zip): a header row `Date, USD, JPY, …` and
 * one row `06 December 2026, 1.0541, 162.23, …` of units per 1 EUR, read with csv-parse (the
 * file's spaces after commas and its trailing comma included). Every rate must be one offers
 * accepts; "N/A" is left out and reported.
 */
export function parseEcbCsv(text: string): EcbFile {
  let records: string[][];
  try {
    records = parse(text, { bom: true, trim: true, skip_empty_lines: true, relax_column_count: true }) as string[][];
  } catch (error) {
    return { error: 'unreadable', params: { reason: error instanceof Error ? error.message : String(error) } };
  }
  const [header, ...rows] = records;
  if (!header || header[0]?.toLowerCase() !== 'date') return { error: 'header' };
  if (rows.length !== 1) return { error: 'rows', params: { rows: String(rows.length) } };
  const [values = []] = rows;
  const day = ecbDay(values[0] ?? '');
  if (!day) return { error: 'date', params: { value: values[0] ?? '' } };
  const rates: EcbRate[] = [];
  const missing: string[] = [];
  for (const [index, name] of header.entries()) {
    if (index === 0 || name === '') continue; // the date column; the empty column after the trailing comma
    const currency = name.toUpperCase();
    const value = values[index] ?? '';
    if (!isCurrencyCode(currency) || currency === 'EUR') return { error: 'currency', params: { currency: name } };
    if (rates.some((rate) => rate.currency === currency)) return { error: 'duplicate', params: { currency } };
    if (value === '' || value.toUpperCase() === 'N/A') {
      missing.push(currency);
      continue;
    }
    // The file's own decimal point only: a comma would have split the row.
    const rate = /^[0-9.]+$/.test(value) ? normalizeRate(value) : null;
    if (!rate) return { error: 'rate', params: { currency, value } };
    rates.push({ currency, rate });
  }
  if (rates.length === 0) return { error: 'noRates' };
  return { day, rates, missing };
}

export const isEcbFileProblem = (file: EcbFile): file is EcbFileProblem => 'error' in file;

const DESCRIPTIONS: Readonly<Record<EcbFileError, (params: Readonly<Record<string, string>>) => string>> = {
  unreadable: ({ reason }) => `it is no readable CSV: ${reason}`,
  header: () => 'its first row is not the header "Date, USD, JPY, …"',
  rows: ({ rows }) => `the daily file has one row of rates, this one has ${rows}`,
  date: ({ value }) => `"${value}" is not a day such as "06 December 2026"`,
  currency: ({ currency }) => `"${currency}" is not an ISO 4217 code other than EUR`,
  duplicate: ({ currency }) => `${currency} appears twice`,
  rate: ({ currency, value }) =>
    `the rate of ${currency} ("${value}") is not a positive decimal with at most 10 decimals`,
  noRates: () => 'it holds no rate',
};

/** A problem in English, for logs and job records (the admin app shows its own translations). */
export const describeEcbFileProblem = (problem: EcbFileProblem): string =>
  DESCRIPTIONS[problem.error](problem.params ?? {});
