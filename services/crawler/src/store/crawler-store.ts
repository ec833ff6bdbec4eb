import { OUTBOX_INDEX, OUTBOX_SIDE_FIELDS } from '@pc/kit/events/outbox';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import type {
  FeedFetchRecord,
  FeedItemChunk,
  FeedRecord,
  HostRecord,
  JobRecord,
  ProductWatchRecord,
  RobotsRecord,
  ScheduleRecord,
  ShopRecord,
} from '../domain/records.js';
import { SimpleRepository } from './simple-repository.js';
import { UrlRepository } from './url-repository.js';

/** Every collection of the crawler's store. */
export interface CrawlerStore {
  readonly urls: UrlRepository;
  readonly hosts: SimpleRepository<HostRecord>;
  readonly robots: SimpleRepository<RobotsRecord>;
  readonly shops: SimpleRepository<ShopRecord>;
  readonly jobs: SimpleRepository<JobRecord>;
  readonly schedules: SimpleRepository<ScheduleRecord>;
  readonly feeds: SimpleRepository<FeedRecord>;
  /** Feed fetches carry their OfferObserved and FeedFetched events (outbox). */
  readonly feedFetches: SimpleRepository<FeedFetchRecord>;
  /** The items of each feed's last complete read, in chunks, for the next read's comparison. */
  readonly feedItems: SimpleRepository<FeedItemChunk>;
  /** Price alerts per product (from notifications), for the priority of the product's pages. */
  readonly productWatches: SimpleRepository<ProductWatchRecord>;
}

export async function openCrawlerStore(documents: DocumentStore): Promise<CrawlerStore> {
  const [urls, hosts, robots, shops, jobs, schedules, feeds, feedFetches, feedItems, productWatches] =
    await Promise.all([
      UrlRepository.open(documents),
      SimpleRepository.open<HostRecord>(documents, { name: 'hosts', indexes: [{ fields: ['shopId'] }] }),
      SimpleRepository.open<RobotsRecord>(documents, { name: 'robots' }),
      SimpleRepository.open<ShopRecord>(documents, { name: 'shops', indexes: [{ fields: ['hosts'] }] }),
      SimpleRepository.open<JobRecord>(documents, {
        name: 'jobs',
        indexes: [
          { fields: ['openKey'], unique: true },
          { fields: ['createdAt'] },
          { fields: ['host', 'createdAt'] },
          { fields: ['status', 'createdAt'] },
          { fields: ['kind', 'status', 'runAt'] },
          { fields: ['durationMs'] },
        ],
      }),
      SimpleRepository.open<ScheduleRecord>(documents, {
        name: 'schedules',
        indexes: [{ fields: ['enabled', 'nextRunAt'] }, { fields: ['host'] }],
      }),
      SimpleRepository.open<FeedRecord>(documents, { name: 'feeds', indexes: [{ fields: ['shopId'] }] }),
      SimpleRepository.open<FeedFetchRecord>(documents, {
        name: 'feed_fetches',
        indexes: [
          { fields: ['shopId', 'startedAt'] },
          { fields: ['feedId', 'startedAt'] },
          { fields: ['running'] },
          OUTBOX_INDEX,
        ],
        sideFields: OUTBOX_SIDE_FIELDS,
      }),
      SimpleRepository.open<FeedItemChunk>(documents, { name: 'feed_items', indexes: [{ fields: ['fetchId'] }] }),
      SimpleRepository.open<ProductWatchRecord>(documents, { name: 'product_watches' }),
    ]);
  return { urls, hosts, robots, shops, jobs, schedules, feeds, feedFetches, feedItems, productWatches };
}
