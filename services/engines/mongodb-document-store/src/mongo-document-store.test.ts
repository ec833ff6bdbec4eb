import { Collection as MongooseCollection } from 'mongoose';
import { InvalidArgumentError, UnavailableError } from '@pc/kit/errors/domain-errors';
import type { Document } from '@pc/kit/ports/document-store';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { openMongoDocumentStore } from './mongo-document-store.js';
import { openOtherWriter } from './test-support/other-writer.js';
import { dropDatabase, uniqueDatabase } from './test-support/test-database.js';

interface Offer extends Document {
  readonly price: number;
  readonly shop?: string;
}

/** Runs `before` once, just before the next call of the driver method (as if another process got in first). */
function interceptOnce(method: 'bulkWrite' | 'replaceOne', before: () => Promise<void>): jest.SpyInstance {
  const prototype = MongooseCollection.prototype as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const original = prototype[method]!;
  let done = false;
  return jest.spyOn(prototype, method).mockImplementation(async function (this: unknown, ...args: unknown[]) {
    if (!done) {
      done = true;
      await before();
    }
    return original.apply(this, args);
  });
}

describe('MongoDB document store without a server', () => {
  it('fails to open with UnavailableError within the selection timeout instead of waiting', async () => {
    const started = Date.now();
    const opening = openMongoDocumentStore({
      uri: 'mongodb://127.0.0.1:9/',
      database: 'nowhere',
      serverSelectionTimeoutMs: 300,
    });
    await expect(opening).rejects.toBeInstanceOf(UnavailableError);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('rejects a database name MongoDB or FerretDB would refuse', async () => {
    await expect(openMongoDocumentStore({ uri: 'mongodb://127.0.0.1:9/', database: 'a.b' })).rejects.toBeInstanceOf(
      InvalidArgumentError,
    );
  });
});

describeWithEngine('MONGODB_URI', 'MongoDB document store', (uri) => {
  const database = uniqueDatabase('pc_adapter');
  let seq = 0;
  const name = () => `offers_${++seq}`;
  afterAll(() => dropDatabase(uri, database));
  afterEach(() => jest.restoreAllMocks());

  async function open() {
    const store = await openMongoDocumentStore({ uri, database, serverSelectionTimeoutMs: 2000 });
    const other = await openOtherWriter(uri, database);
    return { store, other, close: async () => (await store.close(), await other.close()) };
  }

  it('answers UnavailableError and not ready once closed', async () => {
    const { store, close } = await open();
    const col = await store.collection<Offer>({ name: name() });
    await col.put({ _id: 'a', price: 1 });
    await close();
    expect(await store.isReady()).toBe(false);
    await expect(col.get('a')).rejects.toBeInstanceOf(UnavailableError);
    await expect(col.put({ _id: 'a', price: 2 })).rejects.toBeInstanceOf(UnavailableError);
    await expect(store.collection({ name: 'later' })).rejects.toBeInstanceOf(UnavailableError);
  });

  it('rebuilds a client that lost its server for good, and every collection handle works again', async () => {
    const outcomes: boolean[] = [];
    const store = await openMongoDocumentStore({
      uri,
      database,
      serverSelectionTimeoutMs: 300,
      reconnectAfterMs: 500,
      onReconnect: ({ ok }) => void outcomes.push(ok),
    });
    try {
      const col = await store.collection<Offer>({ name: name() });
      await col.put({ _id: 'a', price: 1 });
      // The driver's client gone underneath, as when its monitor never finds the server again.
      await (store as unknown as { connection: { getClient(): { close(): Promise<void> } } }).connection
        .getClient()
        .close();
      await expect(col.put({ _id: 'b', price: 2 })).rejects.toBeInstanceOf(UnavailableError);
      let healed = false;
      for (let i = 0; i < 50 && !healed; i++) {
        healed = await col.put({ _id: 'b', price: 2 }).then(
          () => true,
          () => false,
        );
        if (!healed) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(healed).toBe(true);
      expect(outcomes).toEqual([true]);
      expect((await col.find()).map((doc) => doc._id).sort()).toEqual(['a', 'b']);
      expect(await store.isReady()).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('refuses field names with a dot or a leading $ and stores nothing', async () => {
    const { store, close } = await open();
    const col = await store.collection<Document & Record<string, unknown>>({ name: name() });
    await expect(col.put({ _id: 'a', 'x.y': 1 })).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(col.bulkPut([{ _id: 'b', nested: [{ $where: 'x' }] }])).rejects.toBeInstanceOf(InvalidArgumentError);
    expect(await col.count()).toBe(0);
    await close();
  });

  it('has no outbox of its own: a write with outbox records is refused and stores nothing (ADR 035)', async () => {
    const { store, close } = await open();
    expect(store.outbox).toBeNull();
    const col = await store.collection<Document & Record<string, unknown>>({ name: name() });
    const outbox = [{ id: '0001', topic: 't', key: 'a', value: Uint8Array.from([1]), headers: {} }];
    await expect(col.put({ _id: 'a', n: 1 }, { outbox })).rejects.toMatchObject({
      violations: [{ field: 'options.outbox', reason: expect.stringMatching(/no outbox/) }],
    });
    expect(await col.count()).toBe(0);
    await close();
  });

  it('stores arrays nested in arrays (FerretDB v1 refuses them) and returns them intact', async () => {
    const { store, close } = await open();
    const col = await store.collection<Document & Record<string, unknown>>({ name: name() });
    await col.bulkPut([
      {
        _id: 'm',
        grid: [
          [1, 2],
          [3, [4]],
        ],
        tag: 'x',
      },
      { _id: 'n', grid: [1, 2], tag: 'x' },
    ]);
    expect(await col.find({ tag: 'x' })).toEqual([
      {
        _id: 'm',
        grid: [
          [1, 2],
          [3, [4]],
        ],
        tag: 'x',
        _version: 1,
      },
      { _id: 'n', grid: [1, 2], tag: 'x', _version: 1 },
    ]);
    expect(
      await col.bulkPut([
        {
          _id: 'm',
          tag: 'x',
          grid: [
            [1, 2],
            [3, [4]],
          ],
        },
      ]),
    ).toEqual({ inserted: 0, updated: 0, unchanged: 1 });
    await close();
  });

  it('bulkPut rewrites a batch of 300 changed documents (FerretDB wedges on ~100 updates in one command)', async () => {
    const { store, close } = await open();
    const col = await store.collection<Offer>({ name: name(), indexes: [{ fields: ['price'] }] });
    const batch = (price: number) =>
      Array.from({ length: 300 }, (_, i) => ({ _id: `o${String(i).padStart(3, '0')}`, price }));
    expect(await col.bulkPut(batch(1))).toEqual({ inserted: 300, updated: 0, unchanged: 0 });
    expect(await col.bulkPut([...batch(2), { _id: 'new', price: 2 }])).toEqual({
      inserted: 1,
      updated: 300,
      unchanged: 0,
    });
    expect(await col.count({ price: 2 })).toBe(301);
    expect((await col.find({}, { sort: { _version: -1 }, limit: 1 }))[0]?._version).toBe(2);
    await close();
  });

  it('bulkPut re-plans a document another process changed after it was read, overwriting nothing unseen', async () => {
    const { store, other, close } = await open();
    const collection = name();
    const col = await store.collection<Offer>({ name: collection });
    await col.bulkPut([
      { _id: 'a', price: 1 },
      { _id: 'b', price: 1 },
    ]);
    interceptOnce('bulkWrite', async () => {
      await other.set(collection, 'a', { price: 5, shop: 'other' }); // a: version 2
      await other.insert(collection, { _id: 'c', price: 9 }); // c: created meanwhile
    });
    const result = await col.bulkPut([
      { _id: 'a', price: 2 },
      { _id: 'b', price: 2 },
      { _id: 'c', price: 3 },
    ]);
    expect(result).toEqual({ inserted: 0, updated: 3, unchanged: 0 });
    // Each write is counted: a went 1 → 2 (other) → 3 (bulkPut), c was created then replaced.
    expect((await col.find()).map((d) => [d._id, d.price, d.shop, d._version])).toEqual([
      ['a', 2, undefined, 3],
      ['b', 2, undefined, 2],
      ['c', 3, undefined, 2],
    ]);
    await close();
  });

  it('update calls change again on what another process wrote in between', async () => {
    const { store, other, close } = await open();
    const collection = name();
    const col = await store.collection<Offer>({ name: collection });
    await col.put({ _id: 'a', price: 1 });
    interceptOnce('replaceOne', () => other.set(collection, 'a', { price: 10 }));
    const seen: number[] = [];
    const updated = await col.update('a', (current) => {
      seen.push(current!.price);
      return { _id: 'a', price: current!.price + 1 };
    });
    expect(seen).toEqual([1, 10]);
    expect(updated).toEqual({ _id: 'a', price: 11, _version: 3 });
    expect(await col.get('a')).toEqual({ _id: 'a', price: 11, _version: 3 });
    await close();
  });

  it('put with expectedVersion fails with ConflictError when another process wrote first', async () => {
    const { store, other, close } = await open();
    const collection = name();
    const col = await store.collection<Offer>({ name: collection });
    await col.put({ _id: 'a', price: 1 });
    interceptOnce('replaceOne', () => other.set(collection, 'a', { price: 10 }));
    await expect(col.put({ _id: 'a', price: 2 }, { expectedVersion: 1 })).rejects.toMatchObject({ kind: 'conflict' });
    expect(await col.get('a')).toEqual({ _id: 'a', price: 10, _version: 2 });
    await close();
  });
});
