import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { openMongoDocumentStore } from '@pc/mongodb-document-store/mongo-document-store';
import { dropDatabase, uniqueDatabase } from '@pc/mongodb-document-store/test-support/test-database';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { offerIdOf } from '../domain/offer-record.js';
import { fingerprintOf, OfferFingerprints, SoleWriterMemo } from './offer-fingerprints.js';

const id = (n: number): string => offerIdOf('shop-1', `item-${n}`);

describe('OfferFingerprints (what the ingest last knew each offer to be)', () => {
  it('remembers, updates and forgets offers, and keeps them all as it grows', () => {
    const memo = new OfferFingerprints(1_000_000);
    for (let n = 0; n < 20_000; n += 1) memo.set(id(n), n + 1, n * 1_000);
    expect(memo.size).toBe(20_000);
    expect(memo.get(id(12_345))).toEqual({ fingerprint: 12_346, lastSeenMs: 12_345_000 });
    memo.set(id(12_345), 7, 99);
    expect(memo.get(id(12_345))).toEqual({ fingerprint: 7, lastSeenMs: 99 });
    memo.forget(id(12_345));
    expect(memo.get(id(12_345))).toBeUndefined();
    // A forgotten offer's slot stays in the probe chains: the others are all still found.
    expect([...Array(20_000).keys()].filter((n) => n !== 12_345 && memo.get(id(n))?.fingerprint !== n + 1)).toEqual([]);
    expect(memo.get(id(20_000))).toBeUndefined();
    memo.set(id(12_345), 8, 100);
    expect(memo.get(id(12_345))).toEqual({ fingerprint: 8, lastSeenMs: 100 });
    expect(memo.size).toBe(20_000);
  });

  it('remembers no more than its bound: further offers are read, those known stay known', () => {
    const memo = new OfferFingerprints(3);
    for (let n = 0; n < 5; n += 1) memo.set(id(n), n + 1, 0);
    expect([0, 1, 2, 3, 4].map((n) => memo.get(id(n))?.fingerprint)).toEqual([1, 2, 3, undefined, undefined]);
    memo.set(id(1), 20, 0);
    expect(memo.get(id(1))?.fingerprint).toBe(20);
  });

  it('fingerprints observed fields: equal fields alike, any difference apart', () => {
    const fields = {
      name: 'Sonivo Quiet 2',
      price: { amountMinor: 34_900, currency: 'CHF' },
      active: true,
      inactiveReason: '',
    };
    expect(fingerprintOf({ ...fields })).toBe(fingerprintOf(fields));
    expect(fingerprintOf({ ...fields, price: { amountMinor: 34_901, currency: 'CHF' } })).not.toBe(
      fingerprintOf(fields),
    );
    expect(fingerprintOf({ ...fields, active: false })).not.toBe(fingerprintOf(fields));
    expect(Number.isSafeInteger(fingerprintOf(fields))).toBe(true);
    // Values are told apart by kind and by where one ends, not only by their text.
    expect(fingerprintOf({ mpn: '1' })).not.toBe(fingerprintOf({ mpn: 1 }));
    expect(fingerprintOf({ listPrice: null })).not.toBe(fingerprintOf({ listPrice: '' }));
    expect(fingerprintOf({ name: 'ab', brand: 'c' })).not.toBe(fingerprintOf({ name: 'a', brand: 'bc' }));
    expect(fingerprintOf({ shipping: { amountMinor: 0 } })).not.toBe(fingerprintOf({ shipping: null }));
    // A field left undefined counts as absent, as in the stored JSON.
    expect(fingerprintOf({ ...fields, deliveryTime: undefined })).toBe(fingerprintOf(fields));
  });

  it('spreads fingerprints: 20,000 prices of one offer, no two alike', () => {
    const fields = { name: 'Sonivo Quiet 2', price: { amountMinor: 0, currency: 'CHF' }, active: true };
    const seen = new Set<number>();
    for (let price = 0; price < 20_000; price += 1)
      seen.add(fingerprintOf({ ...fields, price: { amountMinor: price, currency: 'CHF' } }));
    expect(seen.size).toBe(20_000);
  });
});

describe('SoleWriterMemo (the memo only while nobody else writes the store)', () => {
  let dir: string;
  let mine: DocumentStore;
  let other: DocumentStore;
  let now: number;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'offer-memo-'));
    mine = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
    other = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
    now = 0;
  });
  afterEach(async () => {
    await mine.close();
    await other.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('forgets every offer once another client wrote the store, and asks at most every 100 ms', async () => {
    const memo = new SoleWriterMemo(new OfferFingerprints(100), mine, () => now);
    const fingerprints = await memo.usable();
    fingerprints?.set(id(1), 5, 0);
    await (await mine.collection<{ _id: string }>({ name: 'offers' })).put({ _id: 'own write' });
    now = 150;
    expect((await memo.usable())?.get(id(1))?.fingerprint).toBe(5);

    await (await other.collection<{ _id: string }>({ name: 'offers' })).put({ _id: 'another process' });
    now = 200; // within 100 ms of the last check: not asked yet
    expect((await memo.usable())?.get(id(1))?.fingerprint).toBe(5);
    now = 260;
    expect((await memo.usable())?.get(id(1))).toBeUndefined();
  });
});

describeWithEngine('MONGODB_URI', 'SoleWriterMemo on a store that cannot tell others’ writes', (uri) => {
  const database = uniqueDatabase('pc_offers_memo');
  let store: DocumentStore;
  beforeAll(async () => {
    store = await openMongoDocumentStore({ uri, database });
  });
  afterAll(async () => {
    await store.close();
    await dropDatabase(uri, database);
  });

  it('is off: every observation reads the offer, as replicas sharing the store need', async () => {
    const memo = new SoleWriterMemo(new OfferFingerprints(100), store);
    expect(await memo.usable()).toBeNull();
  });
});
