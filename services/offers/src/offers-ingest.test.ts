import { OfferChangeKind, type OfferChanged } from '@pc/proto/offers/events/v1/events';
import { OfferSort } from '@pc/proto/offers/v1/offers';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { join } from 'node:path';
import { offerIdOf } from './domain/offer-record.js';
import { summaryIdOf, type PriceSummaryRecord } from './domain/price-summary.js';
import { eventually, OffersHarness } from './test-support/offers-harness.js';
import { directoryShop, HEADPHONES, observation } from './test-support/observations.js';

const HOUR = 3_600_000;

/**
 * The ingest path end to end: OfferObserved on the event log → offers (matching through the real
 * catalog over gRPC) → the offer, its history and the product's summary → OfferChanged and
 * ProductPriceChanged on the log. Tests run in order and build on each other's state.
 */
describe('offers ingest (app.ts over gRPC with the real catalog, embedded engines)', () => {
  let h: OffersHarness;
  let docs: DocumentStore;
  const shops: Record<'alpha' | 'beta' | 'delta', string> = { alpha: '', beta: '', delta: '' };
  let productId = '';
  const offerChanges = (offerId: string): OfferChanged[] =>
    h.events.offerChanged.filter((event) => event.offerId === offerId);
  const priceChanges = () =>
    h.events.priceChanged.filter((event) => event.productId === productId && event.country === 'CH');
  const summaryDoc = async () =>
    (await docs.collection<PriceSummaryRecord>({ name: 'price_summaries' })).get(summaryIdOf(productId, 'CH'));
  const listCh = () =>
    h.offers.listOffers({
      productId,
      shopId: '',
      country: 'CH',
      inStockOnly: false,
      conditions: [],
      greenOnly: false,
      sort: OfferSort.OFFER_SORT_UNSPECIFIED,
      page: undefined,
      displayCurrency: '',
      productIds: [],
    });

  const A1 = () => offerIdOf(shops.alpha, 'A-1');
  const B1 = () => offerIdOf(shops.beta, 'B-1');
  const D1 = () => offerIdOf(shops.delta, 'D-1');

  beforeAll(async () => {
    h = await OffersHarness.start();
    docs = await openEmbeddedDocumentStore({ path: join(h.dataDir, 'offers', 'documents.sqlite') });
    shops.alpha =
      (await h.offers.registerShop(directoryShop('Alpha Electronics', 'alpha-electronics.ch', ['CH'], h.staffUserId)))
        .shop?.id ?? '';
    shops.beta =
      (await h.offers.registerShop(directoryShop('Beta Sound', 'beta-sound.ch', ['CH'], h.staffUserId))).shop?.id ?? '';
    shops.delta =
      (await h.offers.registerShop(directoryShop('Delta Store', 'delta-store.ch', ['CH'], h.staffUserId))).shop?.id ??
      '';
  });

  afterAll(async () => {
    await docs.close();
    await h.stop();
  });

  it('creates an offer from its first observation, matched by catalog, with OfferChanged and ProductPriceChanged', async () => {
    await h.observe(
      observation(shops.alpha, 'A-1', HEADPHONES, 34_900, {
        isGreen: true,
        shipping: { amountMinor: 0, currency: 'CHF' },
      }),
    );
    const [created] = await eventually(() => offerChanges(A1()).length > 0 && offerChanges(A1()));
    expect(created).toMatchObject({
      kind: OfferChangeKind.OFFER_CHANGE_KIND_CREATED,
      version: 1,
      changedFields: [],
      offer: {
        id: A1(),
        shop: { id: shops.alpha, name: 'Alpha Electronics', domain: 'alpha-electronics.ch' },
        price: { amountMinor: 34_900, currency: 'CHF' },
        active: true,
        isGreen: true,
      },
    });
    productId = created?.offer?.productId ?? '';
    expect(productId).not.toBe('');
    expect(created?.offer?.locationId).toMatch(/^lc_/);

    const [priced] = await eventually(() => priceChanges().length > 0 && priceChanges());
    expect(priced).toMatchObject({
      version: 1,
      previousOffersCount: 0,
      summary: {
        lowestPrice: { amountMinor: 34_900, currency: 'CHF' },
        offersCount: 1,
        inStockOffersCount: 1,
        cheapestOfferId: A1(),
        hasGreenOffer: true,
      },
    });
    expect(priced?.previousLowestPrice).toBeUndefined();
    const { offer } = await h.offers.getOffer({ offerId: A1(), displayCurrency: '' });
    expect(offer).toMatchObject({
      productId,
      rel: 'nofollow sponsored noopener',
      shipping: { amountMinor: 0, currency: 'CHF' },
    });
  });

  it('writes nothing and emits nothing for an observation equal to the stored offer', async () => {
    const before = await h.storedOffer(A1());
    const { offer: seen } = await h.offers.getOffer({ offerId: A1(), displayCurrency: '' });
    // Same content, a moment later (within the last-seen granularity), a new observation id …
    await h.observe(
      observation(shops.alpha, 'A-1', HEADPHONES, 34_900, {
        isGreen: true,
        shipping: { amountMinor: 0, currency: 'CHF' },
      }),
    );
    // … then a real change of the same item (same key: handled after it).
    await h.observe(
      observation(shops.alpha, 'A-1', HEADPHONES, 34_900, {
        isGreen: true,
        shipping: { amountMinor: 0, currency: 'CHF' },
        deliveryTime: '1-2 days',
      }),
    );
    const changes = await eventually(() => offerChanges(A1()).length >= 2 && offerChanges(A1()));
    expect(changes.map((event) => [event.version, event.changedFields])).toEqual([
      [1, []],
      [2, ['delivery_time']],
    ]);
    // Only the change was written, once: its events went into the store's outbox in the same
    // write and left it when published, with no second write of the offer to clear them (ADR 035).
    expect((await h.storedOffer(A1()))?._version).toBe((before?._version ?? 0) + 1);
    // (Removed right after the publish that delivered the events above: wait for it.)
    await eventually(async () => (await docs.outbox?.pending(10))?.length === 0);
    expect(changes[1]?.offer?.observedAt?.getTime()).toBeGreaterThan(seen?.observedAt?.getTime() ?? Infinity);
    expect(priceChanges()).toHaveLength(1);
  });

  it('emits OfferChanged and ProductPriceChanged with the previous values when the price changes', async () => {
    await h.observe(
      observation(shops.alpha, 'A-1', HEADPHONES, 32_900, {
        isGreen: true,
        shipping: { amountMinor: 0, currency: 'CHF' },
        deliveryTime: '1-2 days',
      }),
    );
    const change = await eventually(() => offerChanges(A1()).find((event) => event.version === 3));
    expect(change).toMatchObject({
      kind: OfferChangeKind.OFFER_CHANGE_KIND_UPDATED,
      changedFields: ['price'],
      previousPrice: { amountMinor: 34_900, currency: 'CHF' },
      offer: { price: { amountMinor: 32_900 } },
    });
    const priced = await eventually(() => priceChanges().find((event) => event.version === 2));
    expect(priced).toMatchObject({
      previousLowestPrice: { amountMinor: 34_900, currency: 'CHF' },
      previousOffersCount: 1,
      summary: { lowestPrice: { amountMinor: 32_900 }, offersCount: 1 },
    });
  });

  it('emits OfferChanged only for a change that does not move the product summary', async () => {
    await h.observe(
      observation(shops.beta, 'B-1', HEADPHONES, 35_900),
      observation(shops.delta, 'D-1', HEADPHONES, 39_900),
    );
    await eventually(() =>
      priceChanges().some(
        (event) => event.summary?.offersCount === 3 && event.summary.highestPrice?.amountMinor === 39_900,
      ),
    );
    // The summary's event goes out before the offer's (the offer's outbox is flushed last).
    const created = await eventually(() => offerChanges(B1())[0]);
    expect(created?.offer?.productId).toBe(productId);
    const summaryBefore = await summaryDoc();

    // The middle offer gets dearer: lowest, highest and counts stay.
    await h.observe(observation(shops.beta, 'B-1', HEADPHONES, 36_900));
    const change = await eventually(() => offerChanges(B1()).find((event) => event.version === 2));
    expect(change?.changedFields).toEqual(['price']);
    // Its summary decision is made before its OfferChanged goes out: no public figure moved (same
    // version, no ProductPriceChanged); the stored copy of the offer's price in `listed` did.
    const summaryAfter = await summaryDoc();
    expect(summaryAfter).toMatchObject({
      version: summaryBefore?.version,
      updatedAt: summaryBefore?.updatedAt,
      highestMinor: 39_900,
    });
    expect(summaryAfter?.listed?.find((entry) => entry._id === B1())?.price).toEqual({
      amountMinor: 36_900,
      currency: 'CHF',
    });
    expect(priceChanges().filter((event) => event.version > (summaryBefore?.version ?? 0))).toEqual([]);

    // The highest offer changes: that moves the summary, with the next version.
    await h.observe(observation(shops.delta, 'D-1', HEADPHONES, 38_900));
    const next = await eventually(() =>
      priceChanges().find((event) => event.version === (summaryBefore?.version ?? 0) + 1),
    );
    expect(next?.summary?.highestPrice?.amountMinor).toBe(38_900);
    expect(priceChanges().map((event) => event.version)).toEqual(
      Array.from({ length: priceChanges().length }, (_, i) => i + 1),
    );
  });

  it('ignores an observation older than the stored one (redelivery, late duplicate)', async () => {
    const stored = await h.storedOffer(A1());
    const older = new Date(Date.parse(stored?.lastSeenAt ?? '') - HOUR);
    await h.observe(observation(shops.alpha, 'A-1', HEADPHONES, 1_000, { observedAt: older }));
    await h.observe(
      observation(shops.alpha, 'A-1', HEADPHONES, 32_900, {
        isGreen: true,
        shipping: { amountMinor: 0, currency: 'CHF' },
        deliveryTime: 'today',
      }),
    );
    const marker = await eventually(() => offerChanges(A1()).find((event) => event.version === 4));
    expect(marker?.changedFields).toEqual(['delivery_time']);
    expect(marker?.offer?.price?.amountMinor).toBe(32_900);
    expect(offerChanges(A1())).toHaveLength(4);
  });

  it('skips a malformed observation without blocking the item behind it', async () => {
    const startedAt = Date.now();
    await h.observe(
      observation(shops.alpha, 'A-2', HEADPHONES, 0),
      observation(shops.alpha, 'A-2', HEADPHONES, 33_500),
    );
    const [created] = await eventually(
      () => offerChanges(offerIdOf(shops.alpha, 'A-2')).length > 0 && offerChanges(offerIdOf(shops.alpha, 'A-2')),
      20_000,
    );
    expect(created?.offer?.price?.amountMinor).toBe(33_500);
    // A retried one would have held the partition through OBSERVATION_RETRY's backoffs, ~80 s;
    // the bound is loose so that a loaded machine's ordinary delivery never reaches it.
    expect(Date.now() - startedAt).toBeLessThan(10_000);
  });

  it('tells the other services each shop’s count of listed offers when the sweep counts them', async () => {
    await h.app.sweep.runOnce();
    const live = (await h.offers.getShop({ shopId: shops.alpha, actorUserId: '' })).shop?.offersCount;
    expect(live).toBeGreaterThan(0);
    const changed = await eventually(() =>
      h.events.shopChanged.find(
        (event) => event.shopId === shops.alpha && event.changedFields.includes('offers_count'),
      ),
    );
    expect(changed?.shop?.offersCount).toBe(live);
    // The recorder consumes the bus behind the sweep: wait until every shop's count has arrived.
    await eventually(async () => {
      for (const shopId of Object.values(shops)) {
        const counted = (await h.offers.getShop({ shopId, actorUserId: '' })).shop?.offersCount ?? 0;
        const last = h.events.shopChanged
          .filter((event) => event.shopId === shopId && event.changedFields.includes('offers_count'))
          .at(-1);
        if ((last?.shop?.offersCount ?? 0) !== counted) return false;
      }
      return true;
    });
    const before = h.events.shopChanged.length;
    await h.app.sweep.runOnce();
    expect(h.events.shopChanged.length).toBe(before); // an unchanged count is no event
  });

  it('recomputes each listed summary’s trend reference once a day in the sweep', async () => {
    await h.app.sweep.runOnce(); // every reference from today (the suite may have started yesterday)
    const before = await summaryDoc();
    expect(before?.offersCount).toBeGreaterThan(0);
    h.advance(25 * HOUR);
    const nextDay = new Date(h.now().getTime()).toISOString().slice(0, 10);
    expect((before?.referenceDay ?? nextDay) < nextDay).toBe(true);
    expect((await h.app.sweep.runOnce()).trendsRefreshed).toBeGreaterThanOrEqual(1);
    expect((await summaryDoc())?.referenceDay).toBe(nextDay);
    expect((await h.app.sweep.runOnce()).trendsRefreshed).toBe(0);
  });

  it('drops stale offers from listings, and the sweep removes them with REMOVED and a new summary', async () => {
    expect((await listCh()).offers).toHaveLength(4);
    h.advance(73 * HOUR);
    // Read-time freshness: not listed any more even before the sweep ran, nor counted in the summary.
    expect((await listCh()).offers).toHaveLength(0);
    expect(
      (await h.offers.getProductPriceSummaries({ productIds: [productId], country: 'CH', displayCurrency: '' }))
        .summaries,
    ).toEqual([]);

    const report = await h.app.sweep.runOnce();
    expect(report.staleDelisted).toBe(4);
    for (const id of [A1(), B1(), D1()]) {
      const removed = await eventually(() =>
        offerChanges(id).find((event) => event.kind === OfferChangeKind.OFFER_CHANGE_KIND_REMOVED),
      );
      expect(removed).toMatchObject({
        kind: OfferChangeKind.OFFER_CHANGE_KIND_REMOVED,
        changedFields: ['active'],
        offer: { active: false },
      });
    }
    const emptied = await eventually(() => priceChanges().find((event) => event.summary?.offersCount === 0));
    expect(emptied).toMatchObject({ previousOffersCount: 4, previousLowestPrice: { amountMinor: 32_900 } });
    expect(emptied?.summary?.lowestPrice).toBeUndefined();
    expect(
      (await h.offers.getProductPriceSummaries({ productIds: [productId], country: 'CH', displayCurrency: '' }))
        .summaries,
    ).toEqual([]);
    expect((await h.app.sweep.runOnce()).staleDelisted).toBe(0);

    // Seen again: listed again.
    await h.observe(
      observation(shops.alpha, 'A-1', HEADPHONES, 32_900, {
        isGreen: true,
        shipping: { amountMinor: 0, currency: 'CHF' },
        deliveryTime: 'today',
      }),
    );
    const back = await eventually(() =>
      offerChanges(A1()).find((event) => event.offer?.active && event.changedFields.includes('active')),
    );
    expect(back?.kind).toBe(OfferChangeKind.OFFER_CHANGE_KIND_UPDATED);
    await eventually(() => priceChanges().at(-1)?.summary?.offersCount === 1);
    expect((await listCh()).offers.map((offer) => offer.id)).toEqual([A1()]);
  });

  it('delists the offers of a deleted shop and tells the other services', async () => {
    await h.observe(observation(shops.beta, 'B-1', HEADPHONES, 31_900));
    await eventually(() => priceChanges().at(-1)?.summary?.cheapestOfferId === B1());
    await h.offers.deleteShop({ shopId: shops.beta, actorUserId: h.staffUserId });
    await eventually(() => h.events.shopDeleted.some((event) => event.shopId === shops.beta));
    const removed = await eventually(() =>
      offerChanges(B1()).find(
        (event) =>
          event.kind === OfferChangeKind.OFFER_CHANGE_KIND_REMOVED &&
          event.offer?.active === false &&
          event.version > 3,
      ),
    );
    expect(removed?.offer?.shop?.id).toBe(shops.beta);
    await eventually(() => priceChanges().at(-1)?.summary?.cheapestOfferId === A1());
    expect((await listCh()).offers.map((offer) => offer.id)).toEqual([A1()]);
  });
});
