import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { Outbox } from '@pc/kit/events/outbox';
import { on, subscribeEvents } from '@pc/kit/events/subscriber';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import type { EventBus, Subscription } from '@pc/kit/ports/event-bus';
import { eventually } from '@pc/kit/testing/eventually';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { openMongoDocumentStore } from '@pc/mongodb-document-store/mongo-document-store';
import { dropDatabase, uniqueDatabase } from '@pc/mongodb-document-store/test-support/test-database';
import { Events } from '@pc/proto/event-catalog';
import type { ShopChanged } from '@pc/proto/offers/events/v1/events';
import { ShopReviewStatus } from '@pc/proto/offers/v1/shop_reviews';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { newShopRecord, readShopRegistration } from '../domain/shop-registration-input.js';
import type { ShopReviewRecord } from '../domain/shop-review.js';
import { ShopRepository } from '../store/shop-repository.js';
import { ShopReviewRepository } from '../store/shop-review-repository.js';
import { directoryShop } from '../test-support/observations.js';
import { ABANDONED_CHANGE_MS, ShopRatings } from './shop-ratings.js';

const silent = pino({ level: 'silent' });
const START = new Date('2026-11-28T12:00:00.000Z');

/**
 * The rating's repair (ADR 119): a review written and the process gone before the rating write
 * leaves a note on the shop; the rating is recomputed and the note removed by the next change, by
 * a read of the shop's reviews once the note is older than any running call, and by the sweep.
 */
function describeRatingRepair(
  name: string,
  open: () => Promise<{ documents: DocumentStore; drop: () => Promise<void> }>,
) {
  describe(`shop ratings after a crash (${name})`, () => {
    let dir: string;
    let documents: DocumentStore;
    let drop: () => Promise<void>;
    let bus: EventBus;
    let subscription: Subscription;
    let shops: ShopRepository;
    let reviews: ShopReviewRepository;
    let ratings: ShopRatings;
    /** A process that wrote the review and died before the rating write. */
    let crashing: ShopRatings;
    let now = START;
    const changed: ShopChanged[] = [];

    const review = (id: string, stars: number): ShopReviewRecord => ({
      _id: id,
      shopId: 'sh_rated',
      authorUserId: `u_${id}`,
      authorKey: `u_${id}`,
      author: id,
      rating: stars,
      title: '',
      body: 'A review long enough to be stored.',
      language: 'en',
      publishedAt: now.toISOString(),
      verifiedClick: false,
      status: ShopReviewStatus.SHOP_REVIEW_STATUS_PUBLISHED,
      hiddenReason: '',
      reply: null,
      updatedAt: now.toISOString(),
    });

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'offers-ratings-'));
      ({ documents, drop } = await open());
      bus = openEmbeddedEventBus({ path: join(dir, 'log.sqlite'), pollIntervalMs: 5 });
      shops = await ShopRepository.open(documents);
      reviews = await ShopReviewRepository.open(documents);
      const outbox = new Outbox(bus, 'offers', silent, documents.outbox);
      const deps = { shops, reviews, outbox, clock: () => now, logger: silent };
      ratings = new ShopRatings(deps);
      const dead = Object.create(reviews) as ShopReviewRepository;
      dead.publishedCounts = () => Promise.reject(new Error('the process is gone'));
      crashing = new ShopRatings({ ...deps, reviews: dead });
      const registration = readShopRegistration(directoryShop('Rated', 'rated.ch', ['CH'], ''), false);
      await shops.put(
        newShopRecord(registration, {
          id: 'sh_rated',
          feedId: '',
          ownerUserId: '',
          status: ShopStatus.SHOP_STATUS_ACTIVE,
          at: START.toISOString(),
        }),
        0,
      );
      subscription = await subscribeEvents(bus, {
        group: 'test-ratings',
        logger: silent,
        handlers: [on(Events.shopChanged, async (event) => void changed.push(event))],
      });
    });
    afterAll(async () => {
      await subscription.stop();
      await bus.close();
      await documents.close();
      await drop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('keeps a note of a review whose rating was never written; a read repairs it once no call can still be running', async () => {
      await crashing.around('sh_rated', () => reviews.insert(review('r1', 4)));
      const noted = await shops.get('sh_rated');
      expect(noted).toMatchObject({ ratingPending: true, version: 1 });
      expect(noted?.rating ?? null).toBeNull();
      expect(noted?.ratingChanges).toHaveLength(1);

      // The writer may still be at work: a read leaves its note alone.
      expect(await ratings.current(noted!)).toBeNull();
      now = new Date(START.getTime() + ABANDONED_CHANGE_MS + 1_000);
      expect(await ratings.current(noted!)).toEqual({
        value: 4,
        count: 1,
        distribution: [0, 1, 0, 0, 0],
        verifiedCount: 0,
      });
      expect(await shops.get('sh_rated')).toMatchObject({ ratingPending: false, ratingChanges: [], version: 2 });
      await eventually(() => changed.length === 1);
      expect(changed[0]).toMatchObject({ changedFields: ['rating'], version: 2, shop: { rating: { count: 1 } } });
    });

    it('repairs in the sweep, and the next change counts what a crashed one left', async () => {
      await crashing.around('sh_rated', () => reviews.insert(review('r2', 2)));
      expect(await shops.get('sh_rated')).toMatchObject({ ratingPending: true, rating: { count: 1 } });
      // Another change right after counts both reviews and removes only its own note.
      await ratings.around('sh_rated', () => reviews.insert(review('r3', 5)));
      const after = await shops.get('sh_rated');
      expect(after).toMatchObject({ ratingPending: true, rating: { value: 3.7, count: 3 }, version: 3 });
      expect(after?.ratingChanges).toHaveLength(1);

      now = new Date(now.getTime() + ABANDONED_CHANGE_MS + 1_000);
      expect(await ratings.repairPending(10)).toBe(1);
      expect(await shops.get('sh_rated')).toMatchObject({ ratingPending: false, ratingChanges: [], version: 3 });
      expect(await ratings.repairPending(10)).toBe(0);
    });
  });
}

describeRatingRepair('embedded store', async () => {
  const storeDir = mkdtempSync(join(tmpdir(), 'offers-ratings-store-'));
  const documents = await openEmbeddedDocumentStore({ path: join(storeDir, 'documents.sqlite') });
  return { documents, drop: async () => rmSync(storeDir, { recursive: true, force: true }) };
});

describeWithEngine('MONGODB_URI', 'shop ratings on MongoDB', (uri) => {
  describeRatingRepair('MongoDB', async () => {
    const database = uniqueDatabase('pc_offers_ratings');
    const documents = await openMongoDocumentStore({ uri, database });
    return { documents, drop: () => dropDatabase(uri, database) };
  });
});
