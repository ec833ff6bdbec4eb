import { FeedFetched } from '@pc/proto/crawler/events/v1/events';
import { FeedFetchOutcome } from '@pc/proto/crawler/v1/types';
import { RegisterShopRequest } from '@pc/proto/offers/v1/offers';
import { FeedStatus, ShopStatus } from '@pc/proto/offers/v1/types';
import { FETCH_NOT_FOUND, FETCH_TIMED_OUT, feedFetchedAfter, fetchSucceeded } from './test-support/feed-fetches.js';
import { OffersHarness } from './test-support/offers-harness.js';

const MINUTE_MS = 60_000;

/**
 * Shop settings show since when a feed fails and why (ADR 128): the owner's GetShop carries the
 * first failed fetch of the current run of failures and the last failure's reason code, from the
 * crawler's FeedFetched as the crawler publishes it through the real offers app; a working fetch
 * clears both, and the next failure starts a new run.
 */
describe('a failing feed’s since and reason in GetShop (app.ts over gRPC)', () => {
  let h: OffersHarness;
  let owner = '';
  let start = new Date();

  beforeAll(async () => {
    h = await OffersHarness.start();
    start = h.now();
    owner = await h.registerUser('mara@feed-failure-read.test', false, 'fr');
  });

  afterAll(() => h.stop());

  /** A listed shop of the owner with one feed. */
  async function ownShop(): Promise<{ shopId: string; feedId: string }> {
    const { shop } = await h.offers.registerShop(
      RegisterShopRequest.fromPartial({
        actorUserId: owner,
        name: 'Lac Bleu Sport',
        homepageUrl: 'https://lac-bleu-sport.ch/',
        company: 'Lac Bleu Sport SA',
        address: { line1: 'Rue du Lac 5', line2: '', zipCode: '1003', city: 'Lausanne', country: 'CH' },
        email: 'info@lac-bleu-sport.ch',
        feedUrl: 'https://lac-bleu-sport.ch/feed.csv',
        termsAccepted: true,
        countries: ['CH'],
      }),
    );
    const shopId = shop?.id ?? '';
    await h.paidFor(owner, [shopId]);
    await h.offers.setShopStatus({
      shopId,
      actorUserId: h.staffUserId,
      status: ShopStatus.SHOP_STATUS_ACTIVE,
      confirmed: true,
      reason: 'feeds analysed',
    });
    return { shopId, feedId: shop?.feeds[0]?.id ?? '' };
  }

  const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE_MS);

  const fetched = feedFetchedAfter(() => start);
  const succeeded = fetchSucceeded(2);
  const notFound = FETCH_NOT_FOUND;
  const timedOut = FETCH_TIMED_OUT;

  const deliver = (...events: FeedFetched[]) => h.deliverFeedFetches(...events);

  const ownersFeed = async (shopId: string) => (await h.offers.getShop({ shopId, actorUserId: owner })).shop?.feeds[0];

  it('carries since when the feed fails and the last failure’s reason, keeps the run’s start, and clears both once it works', async () => {
    const { shopId, feedId } = await ownShop();
    const firstFailure = fetched(shopId, feedId, 60, notFound);
    await deliver(fetched(shopId, feedId, 0, succeeded), firstFailure);

    const failing = await ownersFeed(shopId);
    expect(failing?.status).toBe(FeedStatus.FEED_STATUS_FAILING);
    expect(failing?.failingSince).toEqual(at(60));
    expect(failing?.lastFetch?.failureReason).toBe('not_found');
    expect(failing?.lastFetch?.message).toContain('http 404: the feed URL did not answer with a feed');

    // Failing on: the run began at the first failure; the reason is the last one's. A redelivered
    // first failure changes nothing.
    await deliver(fetched(shopId, feedId, 120, timedOut), firstFailure);
    const still = await ownersFeed(shopId);
    expect(still?.failingSince).toEqual(at(60));
    expect(still?.lastFetch?.failureReason).toBe('timeout');
    expect(still?.lastFetch?.fetchedAt).toEqual(at(120));

    await deliver(fetched(shopId, feedId, 180, succeeded));
    const working = await ownersFeed(shopId);
    expect(working?.status).toBe(FeedStatus.FEED_STATUS_ACTIVE);
    expect(working?.failingSince).toBeUndefined();
    expect(working?.lastFetch?.failureReason).toBe('');

    // A failure after the recovery starts a new run.
    await deliver(
      fetched(shopId, feedId, 240, {
        outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_PARSE_FAILED,
        httpStatus: 200,
        error: 'not a product feed: the content is neither CSV, TSV nor Google Merchant XML',
      }),
    );
    const again = await ownersFeed(shopId);
    expect(again?.failingSince).toEqual(at(240));
    expect(again?.lastFetch?.failureReason).toBe('unreadable');
  });
});
