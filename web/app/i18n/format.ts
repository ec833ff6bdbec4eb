/**
 * Numbers, prices and dates through Intl for the visitor's language and country (spec §3, §9).
 * Formatters are cached: creating one costs far more than using it, and a page formats hundreds.
 */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

/**
 * Digit-group separators fixed per country where ICU releases disagree: for fr-CH one writes a
 * narrow space, the next an apostrophe. A page is formatted on the server and again in the
 * browser, each with its own ICU, and React refuses text that differs; Swiss usage is the
 * apostrophe, as de-CH has always had it.
 */
const GROUP_SEPARATORS: Readonly<Record<string, string>> = { CH: '’' };

function formatWith(formatter: Intl.NumberFormat, value: number, tag: string): string {
  const group = GROUP_SEPARATORS[tag.split('-')[1]?.toUpperCase() ?? ''];
  // Below a thousand there is no group to replace, and format() costs a fraction of formatToParts().
  if (!group || Math.abs(value) < 1000) return formatter.format(value);
  return formatter
    .formatToParts(value)
    .map((part) => (part.type === 'group' ? group : part.value))
    .join('');
}

/** Minor units (hundredths) as a price with exactly two decimals, with the currency when given. */
/**
 * Texts already written, per formatter and value: a page writes the same prices, ratings and
 * counts many times (cards, offers, chart labels), and Intl's format() costs about a microsecond
 * (formatToParts() six) where a lookup costs a tenth of that. Cleared when full.
 */
const MAX_TEXTS = 10_000;
const texts = new Map<string, string>();

function formatCached(key: string, make: () => Intl.NumberFormat, value: number, tag: string): string {
  // String(-0) is "0"; Intl writes "-0".
  const memo = `${key}|${Object.is(value, -0) ? '-0' : value}`;
  let text = texts.get(memo);
  if (text === undefined) {
    text = formatWith(cached(key, make), value, tag);
    if (texts.size >= MAX_TEXTS) texts.clear();
    texts.set(memo, text);
  }
  return text;
}

export function formatPrice(amountMinor: number, currency: string | null, tag: string): string {
  return formatCached(
    `price|${tag}|${currency ?? ''}`,
    () =>
      currency
        ? new Intl.NumberFormat(tag, {
            style: 'currency',
            currency,
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
          })
        : new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    amountMinor / 100,
    tag,
  );
}

export function formatNumber(value: number, tag: string, fractionDigits = 0): string {
  return formatCached(
    `number|${tag}|${fractionDigits}`,
    () => new Intl.NumberFormat(tag, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }),
    value,
    tag,
  );
}

const COMPACT_UNITS: readonly [number, string][] = [
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/**
 * Compact counts with K, M and B and one decimal (spec §9), the decimal written the locale's
 * way: 1234 → "1.2K", in German "1,2K". Below a thousand the number itself.
 */
export function formatCompact(value: number, tag: string): string {
  const sign = value < 0 ? '-' : '';
  const magnitude = Math.abs(value);
  const index = COMPACT_UNITS.findIndex(([size]) => magnitude >= size);
  if (index !== -1) {
    let [size, unit] = COMPACT_UNITS[index] as [number, string];
    // Rounded to a thousand of this unit, it is one of the next: 999,960 is "1.0M", not "1000.0K".
    const bigger = COMPACT_UNITS[index - 1];
    if (bigger && Math.round((magnitude / size) * 10) / 10 >= 1000) [size, unit] = bigger;
    return `${sign}${formatNumber(Math.round((magnitude / size) * 10) / 10, tag, 1)}${unit}`;
  }
  return `${sign}${formatNumber(magnitude, tag)}`;
}

export function formatDate(iso: string | Date, tag: string, style: 'short' | 'medium' | 'long' = 'medium'): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  // UTC: the server and the browser must print the same day (no hydration mismatch).
  return cached(
    `date|${tag}|${style}`,
    () => new Intl.DateTimeFormat(tag, { dateStyle: style, timeZone: 'UTC' }),
  ).format(date);
}

/** Hours and minutes in UTC (24-hour), beside a formatDate day: the same on server and browser. */
export function formatUtcTime(iso: string | Date, tag: string): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  return cached(
    `time|${tag}`,
    () => new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }),
  ).format(date);
}

/** "in 3 days" in the locale's words (the promotions countdown, spec §4). */
export function formatRelativeDays(days: number, tag: string): string {
  return cached(`rel|${tag}`, () => new Intl.RelativeTimeFormat(tag, { numeric: 'auto' })).format(days, 'day');
}
