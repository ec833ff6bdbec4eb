import { openPlannedStore, type PlannedStore } from '@pc/sqlite-document-store/testing/query-plans';
import type { ReviewRecord } from '../domain/review.js';
import { ReviewRepository } from './review-repository.js';

// A user's own reviews (ListOwnReviews, ADR 148) come from every product: without the author
// index the read walks all reviews of the catalog, which a test's rows do not show but the plan does.

let planned: PlannedStore;
let reviews: ReviewRepository;

const review = (id: string, authorUserId: string, minute: number): ReviewRecord => ({
  _id: id,
  productId: `p${minute % 7}`,
  author: authorUserId || 'Imported',
  authorUserId,
  rating: 4,
  title: '',
  body: 'Fine.',
  language: 'en',
  sourceDomain: authorUserId ? '' : 'reviews.example',
  sourceReviewId: authorUserId ? '' : id,
  sourceUrl: '',
  publishedAt: `2026-11-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
  createdAt: `2026-11-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
});

beforeAll(async () => {
  planned = await openPlannedStore();
  reviews = await ReviewRepository.open(planned.store);
  for (let minute = 0; minute < 40; minute += 1)
    await reviews.insertIfAbsent(review(`r${minute}`, ['u1', 'u2', ''][minute % 3] ?? '', minute));
});

afterAll(async () => {
  await planned.close();
});

describe("a user's own reviews", () => {
  it('are theirs only, newest first, never the imported ones', async () => {
    const { items, total } = await reviews.ofAuthor('u1', { page: 1, hitsPerPage: 3, skip: 0 });
    expect(items.map((item) => item._id)).toEqual(['r39', 'r36', 'r33']);
    expect(total).toBe(14);
    expect(await reviews.ofAuthor('', { page: 1, hitsPerPage: 3, skip: 0 })).toEqual({ items: [], total: 0 });
  });

  it('read the author index in order: no scan of every review, nothing to sort', async () => {
    const from = planned.finds.length;
    await reviews.ofAuthor('u2', { page: 2, hitsPerPage: 5, skip: 5 });
    const plans = planned.finds.slice(from).map((find) => planned.planOf(find));
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatch(/^SEARCH t USING (COVERING )?INDEX cx_reviews\(authorUserId,publishedAt\) \(/);
    expect(plans[0]).not.toMatch(/TEMP B-TREE/);
  });
});
