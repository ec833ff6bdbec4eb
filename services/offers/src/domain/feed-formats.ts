import type { FeedFormat as ReadFormat, FeedFormatChoice } from '@pc/product-feeds/read/feed-format';
import type { FeedIssue as ReadIssue } from '@pc/product-feeds/validate/feed-issue';
import { FeedFormat, type FeedIssue } from '@pc/proto/offers/v1/types';

/** The reader's format for a feed's stored format (UNSPECIFIED: detect). FEED_FORMAT_XML is refused before. */
export function readFormatOf(format: FeedFormat): FeedFormatChoice {
  if (format === FeedFormat.FEED_FORMAT_CSV) return 'csv';
  if (format === FeedFormat.FEED_FORMAT_TSV) return 'tsv';
  if (format === FeedFormat.FEED_FORMAT_GOOGLE_MERCHANT_XML) return 'google-merchant-xml';
  return 'auto';
}

/** The proto format of what the reader recognised (idealo's CSV is a CSV). */
export function feedFormatOf(format: ReadFormat | null): FeedFormat {
  if (format === 'csv' || format === 'idealo-csv') return FeedFormat.FEED_FORMAT_CSV;
  if (format === 'tsv') return FeedFormat.FEED_FORMAT_TSV;
  if (format === 'google-merchant-xml') return FeedFormat.FEED_FORMAT_GOOGLE_MERCHANT_XML;
  return FeedFormat.FEED_FORMAT_UNSPECIFIED;
}

export const toFeedIssue = (issue: ReadIssue): FeedIssue => ({ item: issue.position, shopOfferId: issue.shopOfferId, field: issue.field, reason: issue.reason, value: issue.value });

/** "line 12: gtin: gtin_check_digit" (items of XML feeds: "item 12"). */
export const issueLine = (issue: ReadIssue, xml: boolean): string => `${xml ? 'item' : 'line'} ${issue.position}: ${issue.field}: ${issue.reason}${issue.value ? ` (${issue.value.slice(0, 60)})` : ''}`;
