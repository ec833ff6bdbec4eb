import type { ClickRecorded } from '@pc/proto/affiliates/events/v1/events';
import { crawlUrlOf, pathKeyOf } from '../domain/crawl-url.js';
import { decayedClicks, effectivePriority } from '../domain/visit-schedule.js';
import type { CrawlerStore } from '../store/crawler-store.js';

/**
 * Click-outs raise the visit priority of the page they lead to (products many visitors look at
 * get fresher prices). The click's target URL carries the shop's URL parameters, so pages are
 * found by host and path. A click seen twice (redelivery) counts twice: a priority, not a count.
 */
export async function prioritiseClickedPage(store: CrawlerStore, event: ClickRecorded, now: Date): Promise<void> {
  const target = event.click?.targetUrl ? crawlUrlOf(event.click.targetUrl) : null;
  if (!target || event.click?.counted === false) return;
  const pages = await store.urls.byPathKey(pathKeyOf(target));
  await Promise.all(
    pages.map((page) =>
      store.urls.update(page._id, (current) => {
        if (!current) return null;
        const since = current.clicksAt ? now.getTime() - Date.parse(current.clicksAt) : 0;
        const clicks = decayedClicks(current.clicks, since) + 1;
        return {
          ...current,
          clicks,
          clicksAt: now.toISOString(),
          priority: effectivePriority({ ...current, clicks }),
        };
      }),
    ),
  );
}
