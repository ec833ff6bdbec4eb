import { join } from 'node:path';
import { Availability } from '@pc/proto/common/v1/commerce';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import type { OfferRecord } from './domain/offer-record.js';
import { offerIdOf } from './domain/offer-record.js';
import { listedOfferOf, summaryFigures, summaryIdOf, type PriceSummaryRecord } from './domain/price-summary.js';
import { eventually, OffersHarness } from './test-support/offers-harness.js';
import { MAX_LISTED_OFFERS } from './workflows/summary-refresher.js';
import { directoryShop, HEADPHONES, observation } from './test-support/observations.js';

const HOUR = 3_600_000;
const STALE_AFTER = 72 * HOUR; // the default OFFERS_STALE_AFTER

/**
 * A summary keeps the active offers it was computed from (`listed`), and a refresh for one changed
 * offer takes the others from there. These tests hold it to what reading every offer gives.
 */
describe('a price summary and the offers it lists (app.ts over gRPC, embedded engines)', () => {
  let h: OffersHarness;
  let docs: DocumentStore;
  const shops: string[] = [];
  let productId = '';

  const summary = async () =>
    (await docs.collection<PriceSummaryRecord>({ name: 'price_summaries' })).get(summaryIdOf(productId, 'CH'));
  const offerVersion = (offerId: string) =>
    Math.max(0, ...h.events.offerChanged.filter((event) => event.offerId === offerId).map((event) => event.version));

  /** Observes, then waits for each offer's OfferChanged, which goes out after its summary refresh. */
  async function observeChanges(
    ...changes: {
      shop: number;
      amountMinor: number;
      availability?: Availability;
    }[]
  ): Promise<void> {
    const expected = changes.map((change) => ({
      offerId: offerIdOf(shops[change.shop]!, 'H-1'),
      version: offerVersion(offerIdOf(shops[change.shop]!, 'H-1')) + 1,
    }));
    await h.observe(
      ...changes.map((change) =>
        observation(shops[change.shop]!, 'H-1', HEADPHONES, change.amountMinor, {
          availability: change.availability ?? Availability.AVAILABILITY_IN_STOCK,
        }),
      ),
    );
    await eventually(() => expected.every(({ offerId, version }) => offerVersion(offerId) >= version));
  }

  /** The summary as a refresh that reads every offer computes it now. */
  async function recomputed() {
    const active = await (
      await docs.collection<OfferRecord>({ name: 'offers' })
    ).find({ productId, country: 'CH', active: true });
    const listed = active.map(listedOfferOf).sort((a, b) => (a._id < b._id ? -1 : 1));
    const fresh = listed.filter((offer) => Date.parse(offer.lastSeenAt) >= h.now().getTime() - STALE_AFTER);
    return {
      listed,
      ...summaryFigures(fresh, 'CHF', (money) => money.amountMinor),
    };
  }

  const figuresOf = (record: PriceSummaryRecord | null) =>
    record && {
      listed: record.listed,
      currency: record.currency,
      lowestMinor: record.lowestMinor,
      highestMinor: record.highestMinor,
      offersCount: record.offersCount,
      inStockCount: record.inStockCount,
      cheapestOfferId: record.cheapestOfferId,
      hasGreenOffer: record.hasGreenOffer,
    };

  beforeAll(async () => {
    h = await OffersHarness.start();
    docs = await openEmbeddedDocumentStore({
      path: join(h.dataDir, 'offers', 'documents.sqlite'),
    });
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine']) {
      shops.push(
        (
          await h.offers.registerShop(
            directoryShop(`Shop ${name}`, `shop-${name.toLowerCase()}.ch`, ['CH'], h.staffUserId),
          )
        ).shop?.id ?? '',
      );
    }
  });

  afterAll(async () => {
    await docs.close();
    await h.stop();
  });

  it('equals a recomputation from every offer after each change, one offer or several at once', async () => {
    await observeChanges({ shop: 0, amountMinor: 34_900 });
    productId = h.events.offerChanged[0]?.offer?.productId ?? '';
    expect(productId).not.toBe('');

    // A deterministic walk: new offers, dearer and cheaper prices, stock moving, and several
    // offers of the product changing in one batch (their refreshes coalesce into one).
    let seed = 7;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647);
    const availabilities = [
      Availability.AVAILABILITY_IN_STOCK,
      Availability.AVAILABILITY_OUT_OF_STOCK,
      Availability.AVAILABILITY_PRE_ORDER,
    ];
    for (let step = 0; step < 16; step += 1) {
      const shopsThisStep = step % 4 === 3 ? [0, 1, 2, 3] : [next() % 4];
      await observeChanges(
        ...shopsThisStep.map((shop) => ({
          shop,
          amountMinor: 30_001 + (next() % 100) * 100 + step,
          availability: availabilities[next() % 3],
        })),
      );
      const expected = await recomputed();
      expect(figuresOf(await summary())).toEqual(expected);
    }
    expect((await summary())?.listed).toHaveLength(4);
  });

  it('reads every offer when another one looks stale in the list, though it was seen since', async () => {
    const before = await summary();
    const seenOnlyInList = before?.listed?.find((entry) => entry._id === offerIdOf(shops[3]!, 'H-1'));
    expect(seenOnlyInList).toBeDefined();

    // Two days on, the other three offers change (the list takes their new last-seen times) and
    // shop Four's is seen unchanged: its last-seen time moves in the offer only (no refresh:
    // nothing the summary shows changed).
    h.advance(48 * HOUR);
    await observeChanges(
      { shop: 0, amountMinor: 20_000 },
      { shop: 1, amountMinor: 20_100 },
      { shop: 2, amountMinor: 20_200 },
    );
    const stored = await h.storedOffer(offerIdOf(shops[3]!, 'H-1'));
    await h.observe(
      observation(shops[3]!, 'H-1', HEADPHONES, stored?.price.amountMinor ?? 0, { availability: stored?.availability }),
    );
    await eventually(
      async () =>
        Date.parse((await h.storedOffer(offerIdOf(shops[3]!, 'H-1')))?.lastSeenAt ?? '') >
        Date.parse(stored?.lastSeenAt ?? ''),
    );
    expect((await summary())?.listed?.find((entry) => entry._id === offerIdOf(shops[3]!, 'H-1'))?.lastSeenAt).toBe(
      seenOnlyInList?.lastSeenAt,
    );

    // Another two days: by the list, shop Four's offer would be stale; by the offer, it is not.
    h.advance(48 * HOUR);
    await observeChanges({ shop: 0, amountMinor: 19_900 });
    const after = await summary();
    expect(figuresOf(after)).toEqual(await recomputed());
    expect(after).toMatchObject({ offersCount: 4, lowestMinor: 19_900 });
    expect(after?.listed?.find((entry) => entry._id === offerIdOf(shops[3]!, 'H-1'))?.lastSeenAt).not.toBe(
      seenOnlyInList?.lastSeenAt,
    );
  });

  it('keeps no list past eight offers, and reads every offer then', async () => {
    expect(MAX_LISTED_OFFERS).toBe(8);
    await observeChanges(
      { shop: 4, amountMinor: 25_000 },
      { shop: 5, amountMinor: 25_100 },
      { shop: 6, amountMinor: 25_200 },
      { shop: 7, amountMinor: 25_300 },
    );
    expect((await summary())?.listed).toHaveLength(8);
    expect(figuresOf(await summary())).toEqual(await recomputed());

    await observeChanges({ shop: 8, amountMinor: 25_400 });
    const nine = await summary();
    expect(nine?.listed).toBeUndefined();
    expect(figuresOf(nine)).toEqual({ ...(await recomputed()), listed: undefined });
    expect(nine?.offersCount).toBe(9);

    // A price move inside the range: no public figure moves, so the summary is not rewritten.
    await observeChanges({ shop: 5, amountMinor: 25_050 });
    expect(await summary()).toEqual(nine);
  });
});
