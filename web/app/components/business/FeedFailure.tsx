import type { FeedView } from '~/business/shop-stage';
import { formatDate } from '~/i18n/format';
import { useSite } from '~/site/use-site';

/**
 * A failing feed's "failing since" and why, in the page's language (ADR 128): the same reasons
 * the owner's mail gives; the crawler's own words stay below as the report's technical detail.
 */
export function FeedFailure({ feed }: { feed: FeedView }) {
  const { t, tag } = useSite();
  if (!feed.failure) return null;
  return (
    <div className="feed-failure">
      <p>
        <strong>{t('business.feeds.failingSince', { date: formatDate(feed.failure.since, tag) })}</strong>
      </p>
      <p>{t(`business.feeds.failureReasons.${feed.failure.reason}`, { status: feed.lastAnalysis?.httpStatus ?? 0 })}</p>
    </div>
  );
}
