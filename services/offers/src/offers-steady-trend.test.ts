import { join } from 'node:path';
import { PriceTrend } from '@pc/proto/common/v1/commerce';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { offerIdOf } from './domain/offer-record.js';
import { summaryIdOf, type PriceSummaryRecord } from './domain/price-summary.js';
import { eventually, OffersHarness } from './test-support/offers-harness.js';
import { directoryShop, HEADPHONES, observation, SPEAKER } from './test-support/observations.js';
import { STEADY_REFERENCE_DAY } from './workflows/summary-refresher.js';

const HOUR = 3_600_000;

/**
 * The daily trend refresh passes by a summary whose prices have not moved for the whole window
 * (a steady reference), and takes it up again from the day its prices change. Tests run in order.
 */
describe('steady trend references (app.ts over gRPC, embedded engines)', () => {
  let h: OffersHarness;
  let docs: DocumentStore;
  let shop = '';
  const ids = { headphones: '', speaker: '' };
  const today = () => h.now().toISOString().slice(0, 10);
  const summary = async (productId: string) =>
    (await docs.collection<PriceSummaryRecord>({ name: 'price_summaries' })).get(summaryIdOf(productId, 'CH'));

  /** Observes both offers with these prices and waits until offers stored them as seen now (the
   *  clock must have moved by the last-seen granularity, 1 h, since they were last seen). */
  const observeAll = async (headphones: number, speaker: number): Promise<void> => {
    const at = h.now().toISOString();
    await h.observe(observation(shop, 'H-1', HEADPHONES, headphones), observation(shop, 'S-1', SPEAKER, speaker));
    await eventually(async () => {
      const stored = await Promise.all([h.storedOffer(offerIdOf(shop, 'H-1')), h.storedOffer(offerIdOf(shop, 'S-1'))]);
      return stored.every((offer) => offer !== null && offer.lastSeenAt >= at);
    });
  };

  beforeAll(async () => {
    h = await OffersHarness.start();
    docs = await openEmbeddedDocumentStore({ path: join(h.dataDir, 'offers', 'documents.sqlite') });
    // Noon UTC: every step below stays clear of midnight, so "today" is what the test expects.
    const sinceMidnight = h.now().getTime() % (24 * HOUR);
    h.advance((36 * HOUR - sinceMidnight) % (24 * HOUR));
    shop =
      (await h.offers.registerShop(directoryShop('Steady Electronics', 'steady-electronics.ch', ['CH'], h.staffUserId)))
        .shop?.id ?? '';
    await observeAll(34_900, 12_900);
    ids.headphones = (await h.storedOffer(offerIdOf(shop, 'H-1')))?.productId ?? '';
    ids.speaker = (await h.storedOffer(offerIdOf(shop, 'S-1')))?.productId ?? '';
    // Five weeks of crawls that find the same prices (seen every 60 h, so never stale); the
    // speaker's price changes once, 10 days before the end.
    for (let crawl = 1; crawl <= 14; crawl += 1) {
      h.advance(60 * HOUR);
      await observeAll(34_900, crawl >= 10 ? 11_900 : 12_900);
    }
  });

  afterAll(async () => {
    await docs.close();
    await h.stop();
  });

  it('keeps a reference without price moves in its window for every later day', async () => {
    expect((await h.app.sweep.runOnce()).trendsRefreshed).toBeGreaterThanOrEqual(2);
    expect(await summary(ids.headphones)).toMatchObject({
      referenceDay: STEADY_REFERENCE_DAY,
      referenceAverageMinor: 34_900,
      referenceDays: 30,
      trend: PriceTrend.PRICE_TREND_STABLE,
    });
    // The speaker changed price inside the window: its reference is today's only.
    expect(await summary(ids.speaker)).toMatchObject({ referenceDay: today(), trend: PriceTrend.PRICE_TREND_DOWN });

    h.advance(25 * HOUR);
    await observeAll(34_900, 11_900);
    const steadyBefore = await summary(ids.headphones);
    // The next day only the speaker's reference is recomputed.
    expect((await h.app.sweep.runOnce()).trendsRefreshed).toBe(1);
    expect(await summary(ids.speaker)).toMatchObject({ referenceDay: today() });
    expect(await summary(ids.headphones)).toEqual(steadyBefore);
  });

  it('makes a steady reference the day’s own at a price change, and recomputes it the next day', async () => {
    h.advance(HOUR);
    await observeAll(33_900, 11_900);
    // The window before today has not changed: the trend compares the new price with the old
    // reference, which holds for today only now.
    await eventually(async () => (await summary(ids.headphones))?.lowestMinor === 33_900);
    expect(await summary(ids.headphones)).toMatchObject({
      referenceDay: today(),
      referenceAverageMinor: 34_900,
      trend: PriceTrend.PRICE_TREND_DOWN,
      priceDropPercent: 2.9,
    });

    h.advance(25 * HOUR);
    await observeAll(33_900, 11_900);
    expect((await h.app.sweep.runOnce()).trendsRefreshed).toBe(2);
    // 29 days at 349.00 and the day of the drop at 339.00.
    expect(await summary(ids.headphones)).toMatchObject({
      referenceDay: today(),
      referenceAverageMinor: 34_867,
      referenceDays: 30,
    });
  });
});
