import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openMongoDocumentStore } from '@pc/mongodb-document-store/mongo-document-store';
import { dropDatabase, uniqueDatabase } from '@pc/mongodb-document-store/test-support/test-database';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { pino } from 'pino';
import type { ProductRecord } from '../domain/product.js';
import { ProductRepository } from '../store/product-repository.js';
import { backfillModelKeys } from './model-key-backfill.js';
import { MODEL_KEY_VERSION } from './model-key-version.js';

const NO_REST = { pageSize: 2, rest: async () => undefined };

function product(id: string, name: string): ProductRecord {
  return {
    _id: id,
    slug: id,
    texts: { en: { name, description: '' } },
    sortName: name.toLowerCase(),
    brandId: 'zeta',
    categoryId: '',
    categoryPathIds: [],
    images: [],
    gtins: [],
    mpn: '',
    manufacturer: '',
    features: [],
    rating: null,
    status: 'active',
    mergedIntoProductId: '',
    origin: { kind: 'offer_match', shopId: 's', shopOfferId: id },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

function describeBackfill(name: string, open: () => Promise<{ store: DocumentStore; close(): Promise<void> }>) {
  describe(`model keys of products written before them (${name})`, () => {
    it('derives the key on every write and gives it once to products written without one', async () => {
      const { store, close } = await open();
      try {
        const products = await ProductRepository.open(store);
        const written = await products.insertIfAbsent(product('p0', 'Zeta Nova 9 Smartphone 64 GB'));
        expect(written?.modelKey).toBe('zeta|9 nova smartphone zeta');
        // As a store of an older version holds them: written around the repository, without a key.
        const old = ['p1', 'p2', 'p3'].map((id, i) => product(id, `Zeta Nova 9 Smartphone ${128 * 2 ** i} GB`));
        await products.collection.bulkPut(old);
        expect(await products.findActiveOfModel('zeta|9 nova smartphone zeta', 10)).toHaveLength(1);

        expect(await backfillModelKeys(products, pino({ level: 'silent' }), () => false, NO_REST)).toBe(3);
        const found = await products.findActiveOfModel('zeta|9 nova smartphone zeta', 10);
        expect(found.map((p) => p._id)).toEqual(['p0', 'p1', 'p2', 'p3']);
        // Nothing moved for StreamProducts.
        expect(new Set(found.map((p) => p.updatedAt))).toEqual(new Set(['2026-01-01T00:00:00.000Z']));
        expect(await backfillModelKeys(products, pino({ level: 'silent' }), () => false, NO_REST)).toBe(0);
      } finally {
        await close();
      }
    });

    it('derives the keys an older vocabulary made again at start, and leaves current ones alone', async () => {
      const { store, close } = await open();
      try {
        const products = await ProductRepository.open(store);
        const current = await products.insertIfAbsent(product('p0', 'Zeta Aero Jacket Sand'));
        expect(current?.modelKey).toBe('zeta|aero jacket zeta');
        expect(current?.modelKeyVersion).toBe(MODEL_KEY_VERSION);
        // Keyed when "sand" was no colour word: the colour was part of the model.
        const old = ['p1', 'p2'].map((id, i) => ({
          ...product(id, `Zeta Aero Jacket ${['Sand', 'Olive'][i]}`),
          modelKey: `zeta|aero ${['sand', 'olive'][i]} jacket zeta`,
          modelKeyVersion: 'an-older-one',
        }));
        await products.collection.bulkPut(old);
        expect(await products.findActiveOfModel('zeta|aero jacket zeta', 10)).toHaveLength(1);

        expect(await backfillModelKeys(products, pino({ level: 'silent' }), () => false, NO_REST)).toBe(2);
        const found = await products.findActiveOfModel('zeta|aero jacket zeta', 10);
        expect(found.map((p) => [p._id, p.modelKeyVersion])).toEqual([
          ['p0', MODEL_KEY_VERSION],
          ['p1', MODEL_KEY_VERSION],
          ['p2', MODEL_KEY_VERSION],
        ]);
        expect(new Set(found.map((p) => p.updatedAt))).toEqual(new Set(['2026-01-01T00:00:00.000Z']));
        // The current product was not written again.
        expect(found[0]?._version).toBe(current?._version);
        expect(await backfillModelKeys(products, pino({ level: 'silent' }), () => false, NO_REST)).toBe(0);
      } finally {
        await close();
      }
    });
  });
}

describeBackfill('embedded store', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-model-keys-'));
  const store = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
  return {
    store,
    close: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describeWithEngine('MONGODB_URI', 'model key backfill on MongoDB', (uri) => {
  describeBackfill('MongoDB', async () => {
    const database = uniqueDatabase('pc_catalog_model_keys');
    const store = await openMongoDocumentStore({ uri, database });
    return {
      store,
      close: async () => {
        await store.close();
        await dropDatabase(uri, database);
      },
    };
  });
});
