import { FeedFetchOutcome } from '@pc/proto/crawler/v1/types';
import { FeedHealth } from '@pc/proto/offers/events/v1/events';
import { RegisterShopRequest } from '@pc/proto/offers/v1/offers';
import { FeedStatus, ShopStatus } from '@pc/proto/offers/v1/types';
import { FETCH_NOT_FOUND, feedFetchedAfter, fetchSucceeded } from './test-support/feed-fetches.js';
import { eventually, OffersHarness } from './test-support/offers-harness.js';
import { directoryShop } from './test-support/observations.js';

/**
 * Owners hear when a feed stops working and when it works again (ADR 128), from the crawler's
 * FeedFetched as the crawler publishes it, through the real offers app, accounts (the owner's
 * address and language) and the local mail outbox: one mail when the feed turns failing, none
 * for the failures after it or a redelivered fetch, one when it works again.
 */
describe('feed failing and recovered mails (app.ts over gRPC)', () => {
  let h: OffersHarness;
  let owner = '';
  const OWNER = 'lena@feed-notices.test';
  const mailsOf = (to: string, kind: string) => h.mail.all().filter((mail) => mail.to === to && mail.kind === kind);

  /** An owned shop with one feed, paid for; listed by staff unless `pending`. */
  async function ownShop(ownerId: string, name: string, domain: string, pending = false) {
    const { shop } = await h.offers.registerShop(
      RegisterShopRequest.fromPartial({
        actorUserId: ownerId,
        name,
        homepageUrl: `https://${domain}/`,
        company: `${name} GmbH`,
        address: { line1: 'Seestrasse 5', line2: '', zipCode: '8002', city: 'Zürich', country: 'CH' },
        email: `info@${domain}`,
        feedUrl: `https://${domain}/feed.csv`,
        termsAccepted: true,
        countries: ['CH'],
      }),
    );
    const shopId = shop?.id ?? '';
    // One subscription pays for all of the owner's shops (one it stops naming would be unpaid).
    paid.push(shopId);
    await h.paidFor(ownerId, [...paid]);
    if (!pending)
      await h.offers.setShopStatus({
        shopId,
        actorUserId: h.staffUserId,
        status: ShopStatus.SHOP_STATUS_ACTIVE,
        confirmed: true,
        reason: 'feeds analysed',
      });
    return { shopId, feedId: shop?.feeds[0]?.id ?? '' };
  }

  const fetched = feedFetchedAfter(() => start);
  const succeeded = fetchSucceeded(3);
  const notFound = FETCH_NOT_FOUND;
  let start = new Date();
  const paid: string[] = [];
  const feedMails = () => h.mail.all().filter((mail) => mail.kind.startsWith('shop-feed'));

  beforeAll(async () => {
    h = await OffersHarness.start();
    start = h.now();
    owner = await h.registerUser(OWNER, false, 'de');
  });

  afterAll(() => h.stop());

  it('mails the owner once when a working feed fails, in their language, with the reason and the shop settings link, and once when it works again', async () => {
    const { shopId, feedId } = await ownShop(owner, 'Seeblick Sport', 'seeblick-sport.ch');
    await h.feedFetched(fetched(shopId, feedId, 0, succeeded));
    const failure = fetched(shopId, feedId, 60, notFound);
    await h.feedFetched(failure);
    // Failing every hour after: no further mail; the first failure delivered again: none either.
    await h.feedFetched(
      fetched(shopId, feedId, 120, {
        outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_FETCH_FAILED,
        error: 'limit:time: the fetch took longer than 120000 ms',
      }),
    );
    await h.feedFetched(fetched(shopId, feedId, 180, notFound));
    await h.feedFetched(failure);
    await h.feedFetchesNoticed();

    const failing = mailsOf(OWNER, 'shop-feedFailing');
    expect(failing).toHaveLength(1);
    expect(failing[0]?.subject).toBe('Der Produktfeed von Seeblick Sport kann nicht gelesen werden');
    expect(failing[0]?.text).toContain(
      'Wir konnten den Produktfeed https://seeblick-sport.ch/feed.csv von Seeblick Sport nicht lesen.',
    );
    expect(failing[0]?.text).toContain(
      'Die Feed-Adresse antwortete mit „nicht gefunden“ (HTTP 404): Die Datei liegt nicht mehr unter dieser Adresse.',
    );
    expect(failing[0]?.text).toContain('Technische Angabe: http 404: the feed URL did not answer with a feed');
    expect(failing[0]?.text).toContain('bleiben mit ihren letzten Preisen bis 3 Tage nach dem letzten Lesen');
    expect(failing[0]?.text).toContain(
      `Zu den Shop-Einstellungen: http://127.0.0.1:3000/account/business/shops/${shopId}#feeds-heading`,
    );
    expect((await h.offers.getShop({ shopId, actorUserId: owner })).shop?.feeds[0]?.status).toBe(
      FeedStatus.FEED_STATUS_FAILING,
    );
    const turned = h.events.shopChanged.filter((event) => event.shopId === shopId && event.feedHealth);
    expect(turned.map((event) => event.feedHealth)).toEqual([
      {
        feedId,
        health: FeedHealth.FEED_HEALTH_FAILING,
        reason: 'not_found',
        detail: 'http 404: the feed URL did not answer with a feed',
        httpStatus: 404,
      },
    ]);
    expect(mailsOf(OWNER, 'shop-feedRecovered')).toHaveLength(0);

    const recovery = fetched(shopId, feedId, 240, succeeded);
    await h.feedFetched(recovery);
    await h.feedFetched(recovery);
    await h.feedFetched(fetched(shopId, feedId, 300, succeeded));
    await h.feedFetchesNoticed();
    const recovered = mailsOf(OWNER, 'shop-feedRecovered');
    expect(recovered).toHaveLength(1);
    expect(recovered[0]?.subject).toBe('Der Produktfeed von Seeblick Sport funktioniert wieder');
    expect(recovered[0]?.text).toContain(`/account/business/shops/${shopId}#feeds-heading`);
    expect(mailsOf(OWNER, 'shop-feedFailing')).toHaveLength(1);
  });

  it('mails the first failing fetch of a pending shop’s new feed, saying the analysis waits for it, and both the analysis and the recovery when it works', async () => {
    const { shopId, feedId } = await ownShop(owner, 'Seeblick Outlet', 'seeblick-outlet.ch', true);
    await h.feedFetched(
      fetched(shopId, feedId, 0, {
        outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_PARSE_FAILED,
        httpStatus: 200,
        error: 'not a product feed: the content is neither CSV, TSV nor Google Merchant XML',
      }),
    );
    await eventually(() =>
      h.mail.all().some((mail) => mail.kind === 'shop-feedFailing' && mail.subject.includes('Seeblick Outlet')),
    );
    const mail = h.mail.all().find((m) => m.kind === 'shop-feedFailing' && m.subject.includes('Seeblick Outlet'));
    expect(mail?.text).toContain('Die Datei ließ sich herunterladen, ist aber kein Produktfeed');
    expect(mail?.text).toContain('Ihre Produkte können wir erst analysieren, wenn der Feed gelesen werden kann.');
    expect(mail?.text).not.toContain('letzten Preisen');

    // The first good analysis is a recovery too: one ShopChanged, two mails.
    await h.feedFetched(fetched(shopId, feedId, 60, succeeded));
    await h.feedFetchesNoticed();
    const about = (kind: string) => mailsOf(OWNER, kind).filter((m) => m.subject.includes('Seeblick Outlet'));
    expect(about('shop-feedsAnalysed')).toHaveLength(1);
    expect(about('shop-feedRecovered')).toHaveLength(1);
  });

  it('mails no one about a directory listing’s feed or a fetch the crawler itself cut short', async () => {
    const directory =
      (
        await h.offers.registerShop({
          ...directoryShop('Bergwelt', 'bergwelt.ch', ['CH'], h.staffUserId),
          feedUrl: 'https://www.bergwelt.ch/feed.csv',
        })
      ).shop ?? undefined;
    const owned = await ownShop(owner, 'Seeblick Velo', 'seeblick-velo.ch');
    const before = feedMails().length;
    await h.feedFetched(fetched(directory?.id ?? '', directory?.feeds[0]?.id ?? '', 0, notFound));
    await h.feedFetched(
      fetched(owned.shopId, owned.feedId, 0, {
        outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_FETCH_FAILED,
        error: 'interrupted: the crawler stopped during the fetch',
      }),
    );
    await h.feedFetchesNoticed();
    expect(feedMails().slice(before)).toEqual([]);
    // The feed shows failing in its settings all the same.
    expect((await h.offers.getShop({ shopId: owned.shopId, actorUserId: owner })).shop?.feeds[0]?.status).toBe(
      FeedStatus.FEED_STATUS_FAILING,
    );
  });
});
