import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import type { OfferRecord } from '../domain/offer-record.js';
import type { ProductRecord } from '../domain/product-record.js';
import { SourceStore } from '../store/source-store.js';
import { applySources } from './apply-sources.js';
import type { SourceUpdate } from './source-update.js';

const at = new Date('2026-11-24T12:00:00Z');
const offer = (fields: Partial<OfferRecord>): SourceUpdate => ({
  kind: 'offer',
  record: { _id: 'o1', version: 1, productId: 'p1', shopId: 's1', country: 'CH', active: true, ...fields },
  occurredAt: at,
});

describe('applySources', () => {
  let dir: string;
  let documents: DocumentStore;
  let store: SourceStore;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'search-sources-'));
    documents = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
    store = await SourceStore.open(documents);
    await applySources(store, [offer({})]);
  });

  afterEach(async () => {
    await documents.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves the product alone, and writes nothing, when a newer offer version changes nothing search derives (a price change)', async () => {
    const applied = await applySources(store, [offer({ version: 2 }), offer({ version: 3 })]);
    expect([...applied.products]).toEqual([]);
    expect((await store.getMany('offer', ['o1'])).get('o1')?.version).toBe(1);
    // Redelivered, those versions are still quiet; the next real change is applied over them.
    expect([...(await applySources(store, [offer({ version: 2 })])).products]).toEqual([]);
    expect([...(await applySources(store, [offer({ version: 4, active: false })])).products]).toEqual(['p1']);
    expect((await store.getMany('offer', ['o1'])).get('o1')).toMatchObject({ version: 4, active: false });
    // An older event redelivered after that is recognised as old (its product is derived again,
    // as for any redelivery, from the state it leaves unchanged).
    await applySources(store, [offer({ version: 3 })]);
    expect((await store.getMany('offer', ['o1'])).get('o1')).toMatchObject({ version: 4, active: false });
  });

  it('hands back the product and price records of the products it named, null where none is stored', async () => {
    const price = {
      version: 1,
      lowest: 4_900,
      highest: 4_900,
      currency: 'CHF',
      offers: 1,
      inStock: 1,
      trend: 0,
      dropPercent: 0,
      green: false,
    };
    const applied = await applySources(store, [
      { kind: 'price', productId: 'p1', country: 'CH', price, occurredAt: at },
      { kind: 'price', productId: 'p2', country: 'CH', price: { ...price, version: 0 }, occurredAt: at },
    ]);
    expect(applied.held.prices.get('p1')?.countries.CH).toMatchObject({ lowest: 4_900 });
    expect(applied.held.prices.get('p1')).toEqual((await store.getMany('price', ['p1'])).get('p1'));
    expect(applied.held.products.size).toBe(0);
  });

  it('re-derives the product when the offer leaves, moves shop or country, or changes product', async () => {
    expect([...(await applySources(store, [offer({ version: 2, active: false })])).products]).toEqual(['p1']);
    expect([...(await applySources(store, [offer({ version: 3, active: false, country: 'DE' })])).products]).toEqual([
      'p1',
    ]);
    expect(
      [
        ...(await applySources(store, [offer({ version: 4, active: false, country: 'DE', productId: 'p2' })])).products,
      ].sort(),
    ).toEqual(['p1', 'p2']);
  });

  it("counts a click on its day once, and hands back the day's count as its record holds it, redelivered too", async () => {
    const click = (clickId: string, clickedAt: string, country = 'CH'): SourceUpdate => ({
      kind: 'click',
      clickId,
      productId: 'p1',
      shopId: '',
      country,
      clickedAt: new Date(clickedAt),
      occurredAt: at,
    });
    // A record of before the days were kept.
    await store.updateClicks('p1', () => ({ _id: 'p1', countries: { CH: 5 }, recent: ['c0'] }));
    const first = await applySources(store, [click('c1', '2026-11-27T23:59:00Z'), click('c2', '2026-11-28T00:01:00Z')]);
    expect(first.clickDays).toEqual([
      { day: '2026-11-27', country: 'CH', productId: 'p1', count: 1 },
      { day: '2026-11-28', country: 'CH', productId: 'p1', count: 1 },
    ]);
    expect([...first.products]).toEqual(['p1']);
    // Redelivered (the day counts may not have been written): the same counts, to be set again.
    const again = await applySources(store, [click('c2', '2026-11-28T00:01:00Z'), click('c3', '2026-11-28T09:00:00Z')]);
    expect(again.clickDays).toEqual([
      { day: '2026-11-28', country: 'CH', productId: 'p1', count: 1 },
      { day: '2026-11-28', country: 'CH', productId: 'p1', count: 2 },
    ]);
    expect((await store.getMany('clicks', ['p1'])).get('p1')).toMatchObject({
      countries: { CH: 8 },
      days: { CH: { '2026-11-27': 1, '2026-11-28': 2 } },
      recent: ['c0', 'c1', 'c2', 'c3'],
    });
  });

  it("counts a click for its product's brand and categories and its shop, once, handing back their day's counts", async () => {
    const product = (id: string, brand: string | null): SourceUpdate => ({
      kind: 'product',
      record: {
        ...({} as ProductRecord),
        _id: id,
        version: 1,
        listed: true,
        names: { en: id },
        brand: brand ? { id: `b-${brand}`, slug: brand, name: brand, productsCount: 1 } : null,
        categoryPath: [
          { id: 'home', slug: 'home', name: 'Home', productsCount: 2 },
          { id: 'kitchen', slug: 'kitchen', name: 'Kitchen', productsCount: 2 },
        ],
      },
      occurredAt: at,
    });
    const click = (clickId: string, productId: string, shopId: string): SourceUpdate => ({
      kind: 'click',
      clickId,
      productId,
      shopId,
      country: 'CH',
      clickedAt: new Date('2026-11-28T10:00:00Z'),
      occurredAt: at,
    });
    await applySources(store, [product('p1', 'acme')]);
    // p2 arrives in the same batch as its click; p3 is not known yet: its click counts for its shop only.
    const first = await applySources(store, [
      click('c1', 'p1', 's1'),
      product('p2', null),
      click('c2', 'p2', 's1'),
      click('c3', 'p3', 's2'),
    ]);
    // Each entity counts for every country and for the click's (CH).
    const part = (productId: string, entity: string, count: number) =>
      [entity, entity.replace(':', '@ch:')].map((key) => ({ day: '2026-11-28', productId, entity: key, count }));
    expect(first.entityClicks).toEqual(
      [
        part('p1', 'brand:acme', 1),
        part('p1', 'category:home', 1),
        part('p1', 'category:kitchen', 1),
        part('p1', 'shop:s1', 1),
        part('p2', 'category:home', 1),
        part('p2', 'category:kitchen', 1),
        part('p2', 'shop:s1', 1),
        part('p3', 'shop:s2', 1),
      ].flat(),
    );
    // Redelivered with a new click: the redelivery counts nothing, its counts are handed back again.
    const again = await applySources(store, [click('c1', 'p1', 's1'), click('c4', 'p1', 's3')]);
    expect(again.entityClicks).toEqual(
      [
        part('p1', 'brand:acme', 1),
        part('p1', 'category:home', 1),
        part('p1', 'category:kitchen', 1),
        part('p1', 'shop:s1', 1),
        part('p1', 'brand:acme', 2),
        part('p1', 'category:home', 2),
        part('p1', 'category:kitchen', 2),
        part('p1', 'shop:s1', 1),
        part('p1', 'shop:s3', 1),
      ].flat(),
    );
  });

  it('re-derives on a redelivered event, and when a batch mixes one with a price change', async () => {
    expect([...(await applySources(store, [offer({})])).products]).toEqual(['p1']);
    expect([...(await applySources(store, [offer({}), offer({ version: 2 })])).products]).toEqual(['p1']);
    // A real change followed by a price change in one batch: the product still changed.
    expect([
      ...(await applySources(store, [offer({ version: 3, shopId: 's2' }), offer({ version: 4, shopId: 's2' })]))
        .products,
    ]).toEqual(['p1']);
  });
});
