import { status as GrpcStatus } from '@grpc/grpc-js';
import { FeedFetch, FeedFetchOutcome } from '@pc/proto/crawler/v1/types';
import { AddFeedRequest, IngestFeedRequest, RegisterShopRequest, UpdateFeedRequest } from '@pc/proto/offers/v1/offers';
import { FeedFormat, FeedStatus, ShopStatus, type Feed } from '@pc/proto/offers/v1/types';
import { offerIdOf } from './domain/offer-record.js';
import { eventually, OffersHarness } from './test-support/offers-harness.js';
import { gtin14 } from './test-support/observations.js';

let OWNER = '';
let OTHER = '';

const shopOf = (owner: string, name: string, domain: string) =>
  RegisterShopRequest.fromPartial({
    actorUserId: owner,
    name,
    homepageUrl: `https://${domain}/`,
    company: `${name} AG`,
    address: { line1: 'Bahnhofstrasse 1', line2: '', zipCode: '8001', city: 'Zürich', country: 'CH' },
    email: `info@${domain}`,
    termsAccepted: true,
  });

const csv = (rows: readonly (readonly [id: string, title: string, price: string])[]) =>
  Buffer.from(
    `id,title,brand,gtin,mpn,price,link,availability\n${rows.map(([id, title, price], i) => `${id},${title},Acme,${gtin14(`400638100${String(i).padStart(4, '0')}`)},M-${id},${price},https://shop.test/${id},in stock`).join('\n')}\n`,
  );

/** A business user's feeds and URL parameters, uploads, and the crawler's feed fetches (app.ts over gRPC). */
describe('offers feeds', () => {
  let h: OffersHarness;
  let ownShop = '';
  let othersShop = '';
  let admin = '';
  const denied = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => null,
      (caught: unknown) => caught as { code?: number },
    );
    expect(error?.code).toBe(GrpcStatus.PERMISSION_DENIED);
  };

  beforeAll(async () => {
    h = await OffersHarness.start({ OFFERS_FEED_COMPLETION_INTERVAL: '1h' });
    OWNER = await h.registerUser('owner@feeds.test');
    OTHER = await h.registerUser('other@feeds.test');
    admin = await h.adminId();
    ownShop = (await h.offers.registerShop(shopOf(OWNER, 'Feedhaus', 'feedhaus.ch'))).shop?.id ?? '';
    othersShop = (await h.offers.registerShop(shopOf(OTHER, 'Otherhaus', 'otherhaus.ch'))).shop?.id ?? '';
  });
  afterAll(() => h.stop());

  it('adds a feed with the shop’s defaults, PENDING, and tells the crawler through ShopChanged', async () => {
    const { feed } = await h.offers.addFeed(
      AddFeedRequest.fromPartial({
        shopId: ownShop,
        actorUserId: OWNER,
        url: 'https://feedhaus.ch/feed.xml#top',
        format: FeedFormat.FEED_FORMAT_GOOGLE_MERCHANT_XML,
      }),
    );
    expect(feed).toMatchObject({
      url: 'https://feedhaus.ch/feed.xml',
      country: 'CH',
      currency: 'CHF',
      language: 'de',
      fetchIntervalMinutes: 1440,
      status: FeedStatus.FEED_STATUS_PENDING,
      shopId: ownShop,
    });
    const changed = await eventually(() =>
      h.events.shopChanged.find((event) => event.shopId === ownShop && event.changedFields.includes('feeds')),
    );
    expect(changed?.shop?.feeds).toEqual([
      expect.objectContaining({ id: feed?.id, url: 'https://feedhaus.ch/feed.xml' }),
    ]);
    const { feeds } = await h.offers.listFeeds({ shopId: ownShop, actorUserId: OWNER });
    expect(feeds.map((f) => f.id)).toEqual([feed?.id]);
  });

  it('refuses bad feed input field by field and changes nothing', async () => {
    const before = (await h.offers.getShop({ shopId: ownShop, actorUserId: OWNER })).shop?.version;
    await expect(
      h.offers.addFeed(
        AddFeedRequest.fromPartial({
          shopId: ownShop,
          actorUserId: OWNER,
          url: 'ftp://feedhaus.ch/feed',
          format: FeedFormat.FEED_FORMAT_XML,
          country: 'Swiss',
          currency: 'EURO',
          language: 'deutsch',
          fetchIntervalMinutes: 5,
        }),
      ),
    ).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: ['url', 'format', 'country', 'currency', 'language', 'fetch_interval_minutes'].map((field) =>
        expect.objectContaining({ field }),
      ),
    });
    await expect(
      h.offers.addFeed(
        AddFeedRequest.fromPartial({
          shopId: ownShop,
          actorUserId: OWNER,
          url: 'https://user:pw@feedhaus.ch/feed.csv',
        }),
      ),
    ).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field: 'url' })],
    });
    await expect(
      h.offers.addFeed(
        AddFeedRequest.fromPartial({ shopId: ownShop, actorUserId: OWNER, url: 'https://feedhaus.ch/feed.xml' }),
      ),
    ).rejects.toMatchObject({ code: GrpcStatus.ALREADY_EXISTS });
    await expect(
      h.offers.addFeed(
        AddFeedRequest.fromPartial({ shopId: 'sh_nope', actorUserId: OWNER, url: 'https://feedhaus.ch/x.csv' }),
      ),
    ).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
    expect((await h.offers.getShop({ shopId: ownShop, actorUserId: OWNER })).shop?.version).toBe(before);
  });

  it('lets an owner touch only their own shop’s feeds and parameters', async () => {
    const { feed } = await h.offers.addFeed(
      AddFeedRequest.fromPartial({ shopId: othersShop, actorUserId: OTHER, url: 'https://otherhaus.ch/feed.csv' }),
    );
    const [ownFeed] = (await h.offers.listFeeds({ shopId: ownShop, actorUserId: OWNER })).feeds;
    await denied(
      h.offers.addFeed(
        AddFeedRequest.fromPartial({ shopId: othersShop, actorUserId: OWNER, url: 'https://evil.test/feed.csv' }),
      ),
    );
    await denied(
      h.offers.updateFeed(
        UpdateFeedRequest.fromPartial({ shopId: othersShop, feedId: feed?.id, actorUserId: OWNER, enabled: false }),
      ),
    );
    await denied(h.offers.deleteFeed({ shopId: othersShop, feedId: feed?.id ?? '', actorUserId: OWNER }));
    await denied(
      h.offers.setUrlParameters({
        shopId: othersShop,
        actorUserId: OWNER,
        urlParameters: [{ name: 'utm_source', value: 'x' }],
      }),
    );
    await denied(
      h.offers.ingestFeed(
        IngestFeedRequest.fromPartial({
          shopId: othersShop,
          actorUserId: OWNER,
          content: csv([['a', 'A', '1.00']]),
          country: 'CH',
          currency: 'CHF',
          language: 'de',
          dryRun: true,
        }),
      ),
    );
    // Its feed id is not one of this shop's either.
    await expect(
      h.offers.deleteFeed({ shopId: ownShop, feedId: feed?.id ?? '', actorUserId: OWNER }),
    ).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
    // A shop outside the directory is not even there for someone else; no actor is no one.
    await expect(h.offers.listFeeds({ shopId: othersShop, actorUserId: OWNER })).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
    await expect(h.offers.listFeeds({ shopId: othersShop, actorUserId: '' })).rejects.toMatchObject({
      code: GrpcStatus.UNAUTHENTICATED,
    });
    expect((await h.offers.listFeeds({ shopId: othersShop, actorUserId: admin })).feeds.map((f) => f.id)).toEqual([
      feed?.id,
    ]);
    expect((await h.offers.listFeeds({ shopId: othersShop, actorUserId: OTHER })).feeds).toHaveLength(1);
    expect((await h.offers.listFeeds({ shopId: ownShop, actorUserId: OWNER })).feeds.map((f) => f.id)).toEqual([
      ownFeed?.id,
    ]);
  });

  it('updates, disables, re-enables and deletes a feed', async () => {
    const { feed } = await h.offers.addFeed(
      AddFeedRequest.fromPartial({
        shopId: ownShop,
        actorUserId: OWNER,
        url: 'https://feedhaus.ch/de.csv',
        country: 'DE',
      }),
    );
    expect(feed).toMatchObject({ country: 'DE', currency: 'EUR', language: 'de' });
    const update = (partial: Partial<UpdateFeedRequest>) =>
      h.offers.updateFeed(
        UpdateFeedRequest.fromPartial({ shopId: ownShop, feedId: feed?.id, actorUserId: OWNER, ...partial }),
      );
    expect((await update({ fetchIntervalMinutes: 60, enabled: false })).feed).toMatchObject({
      fetchIntervalMinutes: 60,
      status: FeedStatus.FEED_STATUS_DISABLED,
    });
    expect((await update({ enabled: true })).feed?.status).toBe(FeedStatus.FEED_STATUS_PENDING);
    await expect(update({ url: 'https://feedhaus.ch/feed.xml' })).rejects.toMatchObject({
      code: GrpcStatus.ALREADY_EXISTS,
    });
    await expect(
      h.offers.updateFeed(
        UpdateFeedRequest.fromPartial({ shopId: ownShop, feedId: 'fd_nope', actorUserId: OWNER, enabled: false }),
      ),
    ).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
    await h.offers.deleteFeed({ shopId: ownShop, feedId: feed?.id ?? '', actorUserId: OWNER });
    expect((await h.offers.listFeeds({ shopId: ownShop, actorUserId: OWNER })).feeds.map((f) => f.url)).toEqual([
      'https://feedhaus.ch/feed.xml',
    ]);
  });

  it('stores URL parameters in order and returns them; bad lists change nothing', async () => {
    const params = [
      { name: 'utm_source', value: 'pricecompare' },
      { name: 'utm_medium', value: 'cpc' },
    ];
    expect(
      (await h.offers.setUrlParameters({ shopId: ownShop, actorUserId: OWNER, urlParameters: params })).urlParameters,
    ).toEqual(params);
    expect((await h.offers.getShop({ shopId: ownShop, actorUserId: OWNER })).shop?.urlParameters).toEqual(params);
    const changed = await eventually(() =>
      h.events.shopChanged.find((event) => event.shopId === ownShop && event.changedFields.includes('url_parameters')),
    );
    expect(changed?.shop?.urlParameters).toEqual(params);
    await expect(
      h.offers.setUrlParameters({
        shopId: ownShop,
        actorUserId: OWNER,
        urlParameters: [
          { name: 'a', value: '1' },
          { name: 'a', value: '2' },
          { name: '', value: 'x' },
          { name: 'b', value: 'x'.repeat(256) },
        ],
      }),
    ).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: ['url_parameters[1].name', 'url_parameters[2].name', 'url_parameters[3].value'].map((field) =>
        expect.objectContaining({ field }),
      ),
    });
    await expect(
      h.offers.setUrlParameters({
        shopId: ownShop,
        actorUserId: OWNER,
        urlParameters: Array.from({ length: 21 }, (_, i) => ({ name: `p${i}`, value: '' })),
      }),
    ).rejects.toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    expect((await h.offers.getShop({ shopId: ownShop, actorUserId: OWNER })).shop?.urlParameters).toEqual(params);
  });

  it('analyses an upload (dry run) and refuses unreadable content and a shop not ready', async () => {
    const upload = (partial: Partial<IngestFeedRequest>) =>
      h.offers.ingestFeed(
        IngestFeedRequest.fromPartial({
          shopId: ownShop,
          actorUserId: OWNER,
          country: 'CH',
          currency: 'CHF',
          language: 'de',
          ...partial,
        }),
      );
    const content = Buffer.concat([
      csv([
        ['a', 'Kettle', '29.90'],
        ['b', 'Toaster', '0'],
      ]),
      Buffer.from(',No id,Acme,,M,1.00,https://shop.test/x,\n'),
    ]);
    const dry = await upload({ content, dryRun: true });
    expect(dry).toMatchObject({
      format: FeedFormat.FEED_FORMAT_CSV,
      itemsTotal: 3,
      itemsValid: 1,
      itemsInvalid: 2,
      offersCreated: 0,
    });
    expect(dry.issues).toEqual([
      { item: 3, shopOfferId: 'b', field: 'price', reason: 'price_not_positive', value: '0' },
      { item: 4, shopOfferId: '', field: 'id', reason: 'required', value: '' },
    ]);
    await expect(
      upload({
        content: Buffer.from('<rss xmlns:g="http://base.google.com/ns/1.0"><channel><item><g:id>1</item>'),
        dryRun: true,
      }),
    ).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [
        expect.objectContaining({
          field: 'content',
          reason: expect.stringMatching(/^unreadable feed \(line 1\): the XML is not well-formed/),
        }),
      ],
    });
    await expect(upload({ content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]) })).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
    });
    await expect(upload({ content: Buffer.alloc(0), country: '' })).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: ['content', 'country'].map((field) => expect.objectContaining({ field })),
    });
    await expect(upload({ content })).rejects.toMatchObject({
      code: GrpcStatus.FAILED_PRECONDITION,
      reason: 'SHOP_NOT_READY',
    });
  });

  it('applies an upload to an active shop through the ingest, and delists what a later upload no longer lists', async () => {
    await h.paidFor(OWNER, [ownShop]);
    await h.offers.setShopStatus({
      shopId: ownShop,
      actorUserId: admin,
      status: ShopStatus.SHOP_STATUS_ACTIVE,
      reason: 'test',
    });
    const [feed] = (await h.offers.listFeeds({ shopId: ownShop, actorUserId: OWNER })).feeds as [Feed];
    const upload = (content: Buffer) =>
      h.offers.ingestFeed(
        IngestFeedRequest.fromPartial({ shopId: ownShop, feedId: feed.id, actorUserId: OWNER, content }),
      );
    const first = await upload(
      csv([
        ['k1', 'Kettle Steel 1.7l', '29.90'],
        ['k2', 'Toaster Two Slots', '39.90'],
        ['k3', 'Mixer Hand 500W', '49.90'],
      ]),
    );
    expect(first).toMatchObject({ itemsValid: 3, offersCreated: 3, offersUpdated: 0, offersDeactivated: 0 });
    expect((await h.offers.getOffer({ offerId: offerIdOf(ownShop, 'k1'), displayCurrency: '' })).offer).toMatchObject({
      price: { amountMinor: 2990, currency: 'CHF' },
      url: 'https://shop.test/k1',
      active: true,
    });
    const second = await upload(
      csv([
        ['k1', 'Kettle Steel 1.7l', '27.90'],
        ['k2', 'Toaster Two Slots', '39.90'],
      ]),
    );
    expect(second).toMatchObject({ offersCreated: 0, offersUpdated: 1, offersDeactivated: 1 });
    expect((await h.offers.getOffer({ offerId: offerIdOf(ownShop, 'k3'), displayCurrency: '' })).offer?.active).toBe(
      false,
    );
    const listed = (await h.offers.listFeeds({ shopId: ownShop, actorUserId: OWNER })).feeds[0];
    expect(listed).toMatchObject({
      status: FeedStatus.FEED_STATUS_ACTIVE,
      lastFetch: { succeeded: true, itemsTotal: 2, itemsValid: 2, itemsInvalid: 0 },
    });
  });

  it('records the crawler’s feed fetches and delists offers a complete fetch no longer lists', async () => {
    const [feed] = (await h.offers.listFeeds({ shopId: ownShop, actorUserId: OWNER })).feeds as [Feed];
    const started = h.now();
    await h.feedFetched({
      feedId: feed.id,
      shopId: ownShop,
      fetch: FeedFetch.fromPartial({
        id: 'ff_1',
        outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_PARSE_FAILED,
        httpStatus: 200,
        error: 'line 3: unterminated quote',
        startedAt: started,
        finishedAt: started,
      }),
      complete: false,
      fetchedAt: started,
    });
    const failing = await eventually(async () => {
      const [current] = (await h.offers.listFeeds({ shopId: ownShop, actorUserId: OWNER })).feeds;
      return current?.status === FeedStatus.FEED_STATUS_FAILING ? current : undefined;
    });
    expect(failing?.lastFetch).toMatchObject({
      succeeded: false,
      httpStatus: 200,
      message: expect.stringContaining('line 3: unterminated quote'),
    });

    // The next fetch, two hours later, lists k1 only (observed with the feed's id); k2 is gone.
    h.advance(2 * 3_600_000);
    const fetchStart = h.now();
    await h.observe({
      observationId: 'obs-k1',
      shopId: ownShop,
      shopOfferId: 'k1',
      url: 'https://shop.test/k1',
      title: 'Kettle Steel 1.7l',
      brand: 'Acme',
      mpn: 'M-k1',
      price: { amountMinor: 2790, currency: 'CHF' },
      country: 'CH',
      feedId: feed.id,
      feedFetchId: 'ff_2',
      observedAt: fetchStart,
    });
    await h.feedFetched({
      feedId: feed.id,
      shopId: ownShop,
      fetch: FeedFetch.fromPartial({
        id: 'ff_2',
        outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_SUCCEEDED,
        httpStatus: 200,
        itemsTotal: 2,
        itemsValid: 1,
        itemsInvalid: 1,
        issues: ['line 3: price: price_format'],
        rejectedByReason: { price_format: 1 },
        offers: { added: 0, changed: 1, unchanged: 0, removed: 1, removedSample: ['k2'] },
        startedAt: fetchStart,
        finishedAt: fetchStart,
      }),
      complete: true,
      fetchedAt: fetchStart,
    });
    const active = await eventually(async () => {
      const [current] = (await h.offers.listFeeds({ shopId: ownShop, actorUserId: OWNER })).feeds;
      return current?.status === FeedStatus.FEED_STATUS_ACTIVE && current.lastFetch?.itemsTotal === 2
        ? current
        : undefined;
    });
    expect(active?.lastFetch).toMatchObject({
      succeeded: true,
      itemsValid: 1,
      itemsInvalid: 1,
      issues: ['line 3: price: price_format'],
      message: '1 of 2 items rejected (price_format: 1); offers: 1 changed, 1 removed',
    });
    await eventually(
      async () => (await h.storedOffer(offerIdOf(ownShop, 'k1')))?.lastSeenAt === fetchStart.toISOString(),
    );
    // The removal waits until offers' observation backlog is consumed (its offsets committed).
    expect(await eventually(async () => (await h.app.feedCompletion.runOnce()) || undefined)).toBe(1);
    expect((await h.offers.getOffer({ offerId: offerIdOf(ownShop, 'k2'), displayCurrency: '' })).offer?.active).toBe(
      false,
    );
    expect((await h.offers.getOffer({ offerId: offerIdOf(ownShop, 'k1'), displayCurrency: '' })).offer?.active).toBe(
      true,
    );
    // Done once: the removal is not pending any more; a redelivered fetch changes nothing.
    expect(await h.app.feedCompletion.runOnce()).toBe(0);
  });
});
