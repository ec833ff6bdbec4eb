import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { openMongoDocumentStore } from '@pc/mongodb-document-store/mongo-document-store';
import { dropDatabase, uniqueDatabase } from '@pc/mongodb-document-store/test-support/test-database';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import type { EventBus } from '@pc/kit/ports/event-bus';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { MatchProductRequest } from '@pc/proto/catalog/v1/catalog';
import { pino } from 'pino';
import { openCatalogComponents, type CatalogComponents } from './catalog-components.js';
import { TOKEN_STATISTICS_DEFAULTS, TokenStatistics } from './derived/token-statistics.js';
import { readOffer } from './domain/offer.js';
import { loadMatchLookups, toBatchOffer } from './offer-matching/match-lookups.js';
import { MatchPlanner } from './offer-matching/match-planner.js';
import { ClaimConflict, writePlan } from './offer-matching/plan-writer.js';
import { TokenStatisticsRepository } from './store/token-statistics-repository.js';
import { testGtin } from './test-support/gtins.js';
import { staffWithoutAccounts } from './test-support/no-accounts.js';

const request = (fields: Partial<MatchProductRequest>) =>
  MatchProductRequest.fromPartial({ shopId: 's1', language: 'en', createIfMissing: true, ...fields });
const methods = (results: Awaited<ReturnType<CatalogComponents['matcher']['matchAll']>>) =>
  results.map((r) => (r.kind === 'done' ? r.match?.method : r.kind));
const productIds = (results: Awaited<ReturnType<CatalogComponents['matcher']['matchAll']>>) =>
  results.map((r) => (r.kind === 'done' ? r.match?.productId : undefined));

// The same matching, claims and recounts on MongoDB (FerretDB in CI), whose bulk writes are not
// atomic: a refused claim may leave the batch's earlier claims written.
describeWithEngine('MONGODB_URI', 'catalog matching on MongoDB', (uri) => {
  const database = uniqueDatabase('pc_catalog');
  let eventsDir: string;
  let documents: DocumentStore;
  let bus: EventBus;
  let parts: CatalogComponents;

  beforeAll(async () => {
    eventsDir = mkdtempSync(join(tmpdir(), 'catalog-mongo-events-'));
    documents = await openMongoDocumentStore({ uri, database });
    bus = openEmbeddedEventBus({ path: join(eventsDir, 'log.sqlite') });
    parts = await openCatalogComponents(documents, bus, pino({ level: 'silent' }), staffWithoutAccounts());
  });
  afterAll(async () => {
    await bus.close();
    await documents.close();
    await dropDatabase(uri, database);
    rmSync(eventsDir, { recursive: true, force: true });
  });

  it('matches a batch by GTIN, brand + MPN and title, creating the rest with brands, categories and counts', async () => {
    const results = await parts.matcher.matchAll([
      request({
        shopOfferId: 'a',
        title: 'Acme Rocket Skates RS-200',
        brand: 'Acme',
        mpn: 'RS-200',
        gtin: testGtin(40, 1),
        categoryPath: 'Sports > Skates',
      }),
      request({ shopId: 's2', shopOfferId: 'b', title: 'Rocket skates', gtin: testGtin(40, 1) }),
      request({ shopId: 's3', shopOfferId: 'c', title: 'Skates', brand: 'ACME Corp.', mpn: 'rs200' }),
      request({ shopId: 's4', shopOfferId: 'd', title: 'Acme Rocket Skates RS200 red', brand: 'Acme' }),
      request({ shopOfferId: 'e', title: 'Acme Giant Magnet GM-1', brand: 'Acme', categoryPath: 'Sports > Magnets' }),
    ]);
    expect(methods(results)).toEqual(['created', 'gtin', 'brand_mpn', 'title', 'created']);
    const ids = productIds(results);
    expect(new Set(ids.slice(0, 4)).size).toBe(1);
    const brand = (await parts.brands.findByKeys(['acme'])).get('acme');
    expect(brand).toMatchObject({ slug: 'acme', productsCount: 2 });
    const skates = await parts.products.get(ids[0]!);
    const [sports] = await parts.categories.childrenOf(['']);
    expect(sports).toMatchObject({ productsCount: 2, texts: { en: { name: 'Sports' } } });
    expect(skates?.categoryPathIds[0]).toBe(sports?._id);
  });

  it('keeps one token statistics snapshot that replicas share, and only one of two racing builders publishes it', async () => {
    await parts.matcher.matchAll([request({ shopOfferId: 'stats', title: 'Acme Anvil AN-5 7.5kg', brand: 'Acme' })]);
    const statistics = await TokenStatisticsRepository.open(documents);
    const replica = () =>
      new TokenStatistics(
        { products: parts.products, brands: parts.brands, categories: parts.categories, statistics },
        pino({ level: 'silent' }),
        { ...TOKEN_STATISTICS_DEFAULTS, minProducts: 1 },
      );
    const [first, second] = [replica(), replica()];
    expect(await first.refresh()).toBe('built');
    expect(await second.refresh()).toBe('loaded');
    const head = (await statistics.head())!;
    // A builder that read the head before this one was published loses, and leaves nothing behind.
    const frequencies = new Map(Array.from({ length: 6_001 }, (_, index) => [`7.${index}kg`, 2] as const));
    const snapshot = { frequencies, vocabulary: new Map([[1257, ['poupee', 'bambola']]]) };
    expect(await statistics.publish({ ...head, snapshotId: 'late' }, snapshot, head._version - 1)).toBe(false);
    expect(await statistics.snapshot({ ...head, snapshotId: 'late', chunks: 3 })).toBeNull();
    expect(await statistics.publish({ ...head, snapshotId: 'next' }, snapshot, head._version)).toBe(true);
    expect(await statistics.snapshot((await statistics.head())!)).toEqual(snapshot);
    expect(await statistics.snapshot({ ...head, chunks: Math.max(head.chunks, 1) })).toBeNull();
  });

  it('fails the loser of a claim race, whatever its bulk write left, and relinks its offers', async () => {
    const batch = (shopId: string) =>
      [0, 1, 2].map((i) =>
        request({ shopId, shopOfferId: `r${i}`, title: `Race product ${i}`, brand: 'Racer', gtin: testGtin(41, i) }),
      );
    const toBatch = (requests: MatchProductRequest[]) =>
      requests.map((r) => {
        const read = readOffer(r);
        if (!('offer' in read)) throw new Error('bad offer');
        return toBatchOffer(read.offer);
      });
    const [left, right] = [toBatch(batch('left')), toBatch(batch('right'))];
    const [leftLookups, rightLookups] = await Promise.all([
      loadMatchLookups(parts, left),
      loadMatchLookups(parts, right),
    ]);
    const leftPlan = MatchPlanner.plan(left, leftLookups);
    const rightPlan = MatchPlanner.plan(right, rightLookups);
    const written = await writePlan(parts, left, leftPlan, leftLookups);
    await expect(writePlan(parts, right, rightPlan, rightLookups)).rejects.toBeInstanceOf(ClaimConflict);
    const rematched = await parts.matcher.matchAll(batch('right'));
    expect(productIds(rematched)).toEqual(written.map((w) => w?.productId));
    expect(methods(rematched)).toEqual(['gtin', 'gtin', 'gtin']);
    expect((await parts.brands.findByKeys(['racer'])).get('racer')?.productsCount).toBe(3);
  });

  it('rates a product from its reviews and refuses a second review of one user', async () => {
    const [created] = await parts.matcher.matchAll([
      request({ shopOfferId: 'rated', title: 'Acme Anvil', brand: 'Acme' }),
    ]);
    const productId = created?.kind === 'done' ? (created.match?.productId ?? '') : '';
    const input = {
      productId,
      authorUserId: 'u1',
      author: 'Wile',
      rating: 2,
      title: '',
      body: 'Heavy.',
      language: 'en',
      sourceDomain: '',
      sourceReviewId: '',
      sourceUrl: '',
      publishedAt: new Date().toISOString(),
    };
    await parts.reviewWriter.add(input, new Date());
    const { rating } = await parts.reviewWriter.add({ ...input, authorUserId: 'u2', rating: 5 }, new Date());
    expect(rating).toEqual({ value: 3.5, count: 2, distribution: [1, 0, 0, 1, 0] });
    await expect(parts.reviewWriter.add(input, new Date())).rejects.toMatchObject({ reason: 'REVIEW_EXISTS' });
  });
});
