import type { FeedFormat as ReadFormat } from '@pc/product-feeds/read/feed-format';
import type { FeedIssue as ReadIssue } from '@pc/product-feeds/validate/feed-issue';
import { FeedFormat, type FeedIssue } from '@pc/proto/offers/v1/types';

// The crawler reads fetched feeds with the same mapping and writes issues the same way.
export { issueLine, readFormatOf } from '@pc/product-feeds/observe/platform-feed';

/** The proto format of what the reader recognised (idealo's CSV is a CSV). */
export function feedFormatOf(format: ReadFormat | null): FeedFormat {
  if (format === 'csv' || format === 'idealo-csv') return FeedFormat.FEED_FORMAT_CSV;
  if (format === 'tsv') return FeedFormat.FEED_FORMAT_TSV;
  if (format === 'google-merchant-xml') return FeedFormat.FEED_FORMAT_GOOGLE_MERCHANT_XML;
  return FeedFormat.FEED_FORMAT_UNSPECIFIED;
}

export const toFeedIssue = (issue: ReadIssue): FeedIssue => ({
  item: issue.position,
  shopOfferId: issue.shopOfferId,
  field: issue.field,
  reason: issue.reason,
  value: issue.value,
});
