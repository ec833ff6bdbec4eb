import { openPlannedStore, type PlannedStore } from '@pc/sqlite-document-store/testing/query-plans';
import { ShopReviewStatus } from '@pc/proto/offers/v1/shop_reviews';
import type { ShopReviewRecord } from '../domain/shop-review.js';
import { ShopReviewRepository } from './shop-review-repository.js';

// A shop page's reviews and the staff queue are read on every visit of a shop's page and of the
// panel: a query that walks the table costs nothing on a test's rows and seconds on millions of
// reviews, so these tests check the answers and SQLite's plan for each query asked.

const PUBLISHED = ShopReviewStatus.SHOP_REVIEW_STATUS_PUBLISHED;
const HIDDEN = ShopReviewStatus.SHOP_REVIEW_STATUS_HIDDEN;

let planned: PlannedStore;
let reviews: ShopReviewRepository;

const review = (id: string, shopId: string, user: string, rating: number, day: number, status = PUBLISHED) =>
  ({
    _id: id,
    shopId,
    authorUserId: user,
    authorKey: user,
    author: user,
    rating,
    title: '',
    body: 'A review long enough to be stored.',
    language: 'en',
    publishedAt: `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`,
    verifiedClick: rating > 3,
    status,
    hiddenReason: status === HIDDEN ? 'spam' : '',
    reply: null,
    updatedAt: `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`,
  }) satisfies ShopReviewRecord;

/** SQLite's plans of the finds recorded since `from`. */
const plansSince = (from: number): string[] => planned.finds.slice(from).map((find) => planned.planOf(find));

/** Each recorded find since `from` reads one index range, in index order (no table walk, no sort). */
function expectIndexRanges(from: number): void {
  const plans = plansSince(from);
  expect(plans.length).toBeGreaterThan(0);
  for (const plan of plans) {
    expect(plan).toMatch(/^SEARCH t USING (COVERING )?INDEX cu?x_/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  }
}

beforeAll(async () => {
  planned = await openPlannedStore();
  reviews = await ShopReviewRepository.open(planned.store);
  await reviews.collection.bulkPut([
    review('r1', 's1', 'u1', 5, 1),
    review('r2', 's1', 'u2', 2, 2),
    review('r3', 's1', 'u3', 4, 3),
    review('r4', 's1', 'u4', 1, 4, HIDDEN),
    review('r5', 's2', 'u1', 3, 5),
    ...Array.from({ length: 40 }, (_, i) => review(`x${i}`, 's3', `v${i}`, (i % 5) + 1, 6 + (i % 20))),
  ]);
});

afterAll(async () => {
  await planned.close();
});

describe('the shop reviews’ queries', () => {
  it('pages a shop’s published reviews newest first, by most and by fewest stars, through an index', async () => {
    const page = { page: 1, hitsPerPage: 10, skip: 0 };
    const published = { shopId: 's1', status: PUBLISHED };
    const ids = async (order: 'newest' | 'highest' | 'lowest') =>
      (await reviews.page(published, order, page)).items.map((found) => found._id);
    const from = planned.finds.length;
    expect(await ids('newest')).toEqual(['r3', 'r2', 'r1']);
    expect(await ids('highest')).toEqual(['r1', 'r3', 'r2']);
    expect((await reviews.page(published, 'newest', page)).total).toBe(3);
    expectIndexRanges(from);
    // Fewest stars, newest first within a star: the index gives the stars in order, and only the
    // reviews of one star of one shop are sorted by time (an index has one direction per column).
    const lowest = planned.finds.length;
    expect(await ids('lowest')).toEqual(['r2', 'r3', 'r1']);
    expect(plansSince(lowest)).toEqual([
      expect.stringMatching(
        /^SEARCH t USING INDEX cx_shop_reviews\(shopId,status,rating,publishedAt\) .*FOR LAST 2 TERMS OF ORDER BY$/,
      ),
    ]);
  });

  it('finds a user’s own review and their reviews of the last day through an index', async () => {
    const from = planned.finds.length;
    expect((await reviews.ofUser('u1', 's2'))?._id).toBe('r5');
    expect(await reviews.ofUser('u1', 's3')).toBeNull();
    expect((await reviews.oldestByUserSince('u1', '2026-11-01T12:00:00.000Z'))?._id).toBe('r5');
    expect(await reviews.countByUserSince('u1', '2026-10-31T00:00:00.000Z')).toBe(2);
    expectIndexRanges(from);
  });

  it('lists the staff queue by status and across statuses, newest first, through an index', async () => {
    const from = planned.finds.length;
    const page = { page: 1, hitsPerPage: 3, skip: 0 };
    expect((await reviews.page({ status: HIDDEN }, 'newest', page)).items.map((found) => found._id)).toEqual(['r4']);
    expectIndexRanges(from);
    // Every status: the time index walked from its newest end, stopping after the page.
    const across = planned.finds.length;
    const all = await reviews.page({}, 'newest', page);
    expect(all.total).toBe(45);
    expect(all.items.map((found) => found.publishedAt)).toEqual(
      [...all.items.map((found) => found.publishedAt)].sort().reverse(),
    );
    expect(plansSince(across)).toEqual(['SCAN t USING INDEX cx_shop_reviews(publishedAt)']);
  });

  it('counts a shop’s published reviews per star and the verified ones', async () => {
    expect(await reviews.publishedCounts('s1')).toEqual({ distribution: [1, 1, 0, 1, 0], verified: 2 });
    expect(await reviews.publishedCounts('s9')).toEqual({ distribution: [0, 0, 0, 0, 0], verified: 0 });
  });
});
