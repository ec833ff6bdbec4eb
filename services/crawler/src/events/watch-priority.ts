import type { OfferChanged } from '@pc/proto/offers/events/v1/events';
import { OfferChangeKind } from '@pc/proto/offers/events/v1/events';
import type { ProductWatchChanged } from '@pc/proto/notifications/events/v1/events';
import { crawlUrlOf, pathKeyOf } from '../domain/crawl-url.js';
import { effectivePriority } from '../domain/visit-schedule.js';
import type { CrawlerStore } from '../store/crawler-store.js';
import type { StoredUrl } from '../store/url-repository.js';

/**
 * Price alerts raise the visit priority of the pages that sell the watched product, so the price a
 * watcher waits for is seen sooner. Notifications tells how many alerts watch a product
 * (ProductWatchChanged); offers tells which product a page's offer was matched to (OfferChanged,
 * found by host and path like click-outs). Both handlers are idempotent: a redelivered or older
 * count changes nothing.
 */
export async function productWatchChanged(store: CrawlerStore, event: ProductWatchChanged): Promise<void> {
  if (!event.productId) return;
  const current = await store.productWatches.get(event.productId);
  if (current && current.version >= event.version) return;
  await store.productWatches.update(event.productId, (latest) =>
    latest && latest.version >= event.version
      ? latest
      : { _id: event.productId, activeAlerts: event.activeAlerts, version: event.version },
  );
  const pages = await store.urls.byProductId(event.productId);
  await Promise.all(pages.map((page) => watchPage(store, page, event.productId, event.activeAlerts)));
}

/** A page's offer was created or matched to another product: the page takes that product's watchers. */
export async function offerMatched(store: CrawlerStore, event: OfferChanged): Promise<void> {
  const offer = event.offer;
  const relevant =
    event.kind === OfferChangeKind.OFFER_CHANGE_KIND_CREATED ||
    event.changedFields.includes('product_id') ||
    event.changedFields.includes('url');
  if (!relevant || !offer?.url || !offer.productId) return;
  const target = crawlUrlOf(offer.url);
  if (!target) return;
  const pages = (await store.urls.byPathKey(pathKeyOf(target))).filter((page) => page.productId !== offer.productId);
  if (pages.length === 0) return;
  const watchers = (await store.productWatches.get(offer.productId))?.activeAlerts ?? 0;
  await Promise.all(pages.map((page) => watchPage(store, page, offer.productId, watchers)));
}

async function watchPage(
  store: CrawlerStore,
  page: StoredUrl,
  productId: string,
  alertWatchers: number,
): Promise<void> {
  await store.urls.update(page._id, (current) => {
    if (!current) return null;
    const next = { ...current, productId, alertWatchers };
    return { ...next, priority: effectivePriority(next) };
  });
}
