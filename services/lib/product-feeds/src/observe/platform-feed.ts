import { FeedFormat } from '@pc/proto/offers/v1/types';
import type { FeedFormatChoice } from '../read/feed-format.js';
import type { FeedIssue } from '../validate/feed-issue.js';

/**
 * The reader's format for a feed's format as offers stores it (UNSPECIFIED: detect). offers
 * refuses FEED_FORMAT_XML (a field mapping this reader does not take); detection is all it gets.
 */
export function readFormatOf(format: FeedFormat): FeedFormatChoice {
  if (format === FeedFormat.FEED_FORMAT_CSV) return 'csv';
  if (format === FeedFormat.FEED_FORMAT_TSV) return 'tsv';
  if (format === FeedFormat.FEED_FORMAT_GOOGLE_MERCHANT_XML) return 'google-merchant-xml';
  return 'auto';
}

/**
 * An issue as shop settings list it ("line 12: gtin: gtin_check_digit (4006381333932)"; items of
 * XML feeds: "item 12"): offers' FeedFetchSummary.issues and the crawler's FeedFetch.issues.
 */
export const issueLine = (issue: FeedIssue, xml: boolean): string =>
  `${xml ? 'item' : 'line'} ${issue.position}: ${issue.field}: ${issue.reason}${issue.value ? ` (${issue.value.slice(0, 60)})` : ''}`;
