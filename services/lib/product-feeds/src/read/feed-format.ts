/**
 * The feed formats read here. `idealo-csv` is a CSV with idealo's column names (sku, eans, hans,
 * deliveryCosts_…); it is read like any CSV, the name tells which dictionary matched.
 */
export type FeedFormat = 'google-merchant-xml' | 'csv' | 'tsv' | 'idealo-csv';

/** A format to read a feed as, or `auto` to detect it from the content (and hints). */
export type FeedFormatChoice = FeedFormat | 'auto';

export const FEED_FORMATS: readonly FeedFormat[] = ['google-merchant-xml', 'csv', 'tsv', 'idealo-csv'];

export const isFeedFormatChoice = (value: string): value is FeedFormatChoice =>
  value === 'auto' || (FEED_FORMATS as readonly string[]).includes(value);
