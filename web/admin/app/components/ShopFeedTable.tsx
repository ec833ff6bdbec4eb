import { useT } from '../i18n/use-t';
import { crawlerPagePath } from '../panels/crawler/crawler-paths';
import type { ShopFeedRow } from '../services/shop-feeds';
import { feedFailureLabel } from '../panels/crawler/feed-failure-label';

/**
 * A shop's feeds on its admin page (ADR 128): each one's status and, while it fails, since when,
 * why in the staff's words (the failing feeds page's) and the crawler's own. The URL leads to the
 * feed's fetches in the crawler panel for staff who hold it.
 */
export function ShopFeedTable({
  shopId,
  feeds,
  linked,
}: {
  shopId: string;
  feeds: readonly ShopFeedRow[];
  /** The crawler panel is the staff's: the URL links to the feed's fetches. */
  linked: boolean;
}) {
  const t = useT();
  if (feeds.length === 0) return <p>{t('shops.feeds.none')}</p>;
  return (
    <section className="data-table" aria-label={t('shops.feeds')}>
      <table className="shop-feeds">
        <thead>
          <tr>
            <th scope="col">{t('failingFeeds.feed')}</th>
            <th scope="col">{t('shops.feeds.status')}</th>
            <th scope="col">{t('failingFeeds.since')}</th>
            <th scope="col">{t('failingFeeds.reason')}</th>
            <th scope="col">{t('failingFeeds.lastError')}</th>
          </tr>
        </thead>
        <tbody>
          {feeds.map((feed) => (
            <tr key={feed.id} data-feed={feed.id} data-status={feed.status}>
              <td>
                {linked ? <a href={crawlerPagePath('feeds', { shop: shopId, feed: feed.id })}>{feed.url}</a> : feed.url}
              </td>
              <td>{t(`shops.feeds.status.${feed.status}`)}</td>
              <td>
                {feed.failingSince ? (
                  <time dateTime={feed.failingSince}>{feed.failingSince.slice(0, 16).replace('T', ' ')}</time>
                ) : (
                  t('app.none')
                )}
              </td>
              <td>{feed.status === 'failing' ? feedFailureLabel(t, feed.reason, feed.httpStatus) : t('app.none')}</td>
              <td>{feed.lastError || t('app.none')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
