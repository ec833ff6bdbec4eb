import { GetClickStatsRequest, ResolveClickOutRequest } from '@pc/proto/affiliates/v1/affiliates';
import type { Document, DocumentStore } from '@pc/kit/ports/document-store';
import { HEADPHONES, observation, SPEAKER } from '../../offers/src/test-support/observations.js';
import { BROWSER, eventually, AffiliatesHarness } from './test-support/affiliates-harness.js';

/** What the click statistics keep (ADR 043a, 070), now in a store of their own (ADR 077). */
const STATISTICS = ['click_days', 'click_tallies', 'click_months', 'ad_counts'];

const count = async (store: DocumentStore, name: string) => (await store.collection<Document>({ name })).count();

/** The click fold in its worker thread, over a store of its own (ADR 077). */
describe('affiliates click fold thread (app.ts over gRPC)', () => {
  let h: AffiliatesHarness;
  let owner = '';
  let shop = '';
  const locations: string[] = [];
  let visitor = 0;

  /** A counted click of a new visitor. */
  const click = (locationId: string) =>
    h.affiliates.resolveClickOut(
      ResolveClickOutRequest.fromPartial({
        locationId,
        country: 'CH',
        language: 'de',
        ip: `198.51.100.${(visitor += 1)}`,
        userAgent: BROWSER,
        placement: 'offer',
      }),
    );
  const stats = async () =>
    (await h.affiliates.getClickStats(GetClickStatsRequest.fromPartial({ actorUserId: owner, shopIds: [shop] })))
      .shops[0]!;

  beforeAll(async () => {
    h = await AffiliatesHarness.start();
    owner = await h.registerUser('owner@foldshop.test');
    shop = await h.ownedShop(owner, 'Fold Shop', 'foldshop.ch');
    await h.observe(
      observation(shop, 'hp-1', HEADPHONES, 27_900, { url: 'https://www.foldshop.ch/p/hp-1' }),
      observation(shop, 'sp-1', SPEAKER, 12_900, { url: 'https://www.foldshop.ch/p/sp-1' }),
    );
    locations.push(...(await h.listedOffers(shop, 2)).map((offer) => offer.locationId));
    await eventually(() => click(locations[0]!).catch(() => undefined), 20_000);
    await h.folded();
  }, 120_000);

  afterAll(() => h.stop());

  it('writes the statistics into their own store, never into the store click-outs write', async () => {
    await Promise.all([click(locations[0]!), click(locations[1]!)]);
    await h.folded();
    expect((await stats()).clicksToday).toBe(3);
    const { main, statistics } = await h.openStores();
    try {
      for (const name of STATISTICS.slice(0, 3)) {
        expect(await count(main, name)).toBe(0);
        expect(await count(statistics, name)).toBeGreaterThan(0);
      }
    } finally {
      await main.close();
      await statistics.close();
    }
  });

  it('starts the thread again when it dies, and counts the clicks recorded meanwhile once', async () => {
    expect(h.app.fold.running()).toBe(true);
    await h.app.fold['worker']!.terminate();
    expect(h.app.fold.running()).toBe(false);
    const before = (await stats()).clicksToday;
    await click(locations[1]!);
    await eventually(async () => h.app.fold.running() || undefined, 10_000);
    await h.folded();
    expect((await stats()).clicksToday).toBe(before + 1);
  });

  it('moves statistics an earlier version folded into the main store into their own at start, reading the same', async () => {
    const before = await stats();
    await h.restartAffiliates(async ({ main, statistics }) => {
      // The data dir as it was before the statistics had a store of their own.
      for (const name of STATISTICS) {
        const from = await statistics.collection<Document>({ name });
        const to = await main.collection<Document>({ name });
        for (const doc of await from.find()) {
          const { _version: _, ...rest } = doc as Document & { _version: number };
          await to.put(name === 'ad_counts' ? ({ ...rest, impressions: 4 } as Document) : rest);
          await from.delete(doc._id);
        }
      }
      expect(await count(main, 'click_days')).toBeGreaterThan(0);
    });
    expect(await stats()).toEqual(before);
    const { main, statistics } = await h.openStores();
    try {
      for (const name of STATISTICS) expect(await count(main, name)).toBe(0);
      expect(await count(statistics, 'click_days')).toBeGreaterThan(0);
      // Month documents are projections of the moved documents' versions: dropped, not moved.
      expect(await count(statistics, 'click_months')).toBe(0);
    } finally {
      await main.close();
      await statistics.close();
    }
    // And the fold goes on from the moved documents: a new click adds to them, and its month
    // document starts again from them.
    await click(locations[0]!);
    await h.folded();
    expect(await stats()).toMatchObject({
      clicksToday: before.clicksToday + 1,
      clicksThisMonth: before.clicksThisMonth + 1,
    });
  });
});
