import { join } from 'node:path';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { newDataDir, removeDataDir } from '../test-support/catalog-harness.js';
import {
  COMMON_TITLE_KEY_PRODUCTS,
  ProductKeyRepository,
  titleKey,
  type TitleKeyReads,
} from './product-key-repository.js';

const COMMON = 'w:kitchen+blender';
const manyProducts = COMMON_TITLE_KEY_PRODUCTS * 2;
const productId = (i: number) => `p${String(i).padStart(4, '0')}`;

describe('ProductKeyRepository.titleCandidates', () => {
  let dataDir: string;
  let store: DocumentStore;
  let keys: ProductKeyRepository;

  beforeAll(async () => {
    dataDir = newDataDir();
    store = await openEmbeddedDocumentStore({ path: join(dataDir, 'documents.sqlite') });
    keys = await ProductKeyRepository.open(store);
    await keys.putTitleKeys([
      // A word pair that twice the bound of products share (brand b1, half of them GTIN-less)…
      ...Array.from({ length: manyProducts }, (_, i) => titleKey(COMMON, 'b1', productId(i), i % 2 === 0)),
      // …a model code two of them share, and a word pair of a few products of two brands.
      titleKey('code:kb1137', 'b1', productId(7), false),
      titleKey('code:kb1137', 'b1', productId(8), true),
      titleKey('w:turbo+steel', 'b1', productId(9), true),
      titleKey('w:turbo+steel', 'b2', 'other-brand', true),
    ]);
  });
  afterAll(async () => {
    await store.close();
    removeDataDir(dataDir);
  });

  it('leaves out a key more products share than the bound, and weighs a telling key by how few share it', async () => {
    const shared = await keys.titleCandidates([COMMON, 'code:kb1137', 'w:turbo+steel'], {
      brandId: 'b1',
      gtinlessOnly: false,
    });
    // The code is shared by two products of the brand, the word pair by one.
    expect(Object.fromEntries(shared)).toEqual({ [productId(7)]: 0.5, [productId(8)]: 0.5, [productId(9)]: 1 });
  });

  it('keeps to the brand and, for an offer with a GTIN, to GTIN-less products', async () => {
    expect(
      [
        ...(await keys.titleCandidates(['code:kb1137', 'w:turbo+steel'], { brandId: 'b1', gtinlessOnly: true })).keys(),
      ].sort(),
    ).toEqual([productId(8), productId(9)]);
    expect(
      [...(await keys.titleCandidates(['w:turbo+steel'], { brandId: null, gtinlessOnly: true })).keys()].sort(),
    ).toEqual(['other-brand', productId(9)]);
  });

  it('counts the bounded hits of common keys when no key tells more', async () => {
    const shared = await keys.titleCandidates([COMMON], { brandId: null, gtinlessOnly: false });
    expect(shared.size).toBeGreaterThan(COMMON_TITLE_KEY_PRODUCTS);
    expect(shared.size).toBeLessThanOrEqual(2 * (COMMON_TITLE_KEY_PRODUCTS + 1));
    // Exactly the bound in scope: telling, so read whole.
    const gtinless = await keys.titleCandidates([COMMON], { brandId: 'b1', gtinlessOnly: true });
    expect(gtinless.size).toBe(COMMON_TITLE_KEY_PRODUCTS);
    expect([...gtinless.keys()].every((id) => Number(id.slice(1)) % 2 === 0)).toBe(true);
  });

  it('reads a key once for all offers of a batch that share it', async () => {
    const keys = await ProductKeyRepository.open(store); // nothing remembered as common yet
    const reads: TitleKeyReads = new Map();
    const scope = { brandId: 'b1', gtinlessOnly: false };
    const codeRead = () => reads.get([...reads.keys()].find((memo) => memo.endsWith('code:kb1137')) ?? '');
    await keys.titleCandidates([COMMON, 'code:kb1137'], scope, reads);
    const first = codeRead();
    await keys.titleCandidates(['code:kb1137', 'w:turbo+steel'], scope, reads);
    expect(reads.size).toBe(3);
    expect(first).toBeDefined();
    expect(codeRead()).toBe(first);
  });

  it('does not read a key found common again in later batches, yet falls back to it when every key is common', async () => {
    const keys = await ProductKeyRepository.open(store);
    const scope = { brandId: 'b1', gtinlessOnly: false };
    const first = await keys.titleCandidates([COMMON, 'code:kb1137'], scope);
    const later: TitleKeyReads = new Map();
    const again = await keys.titleCandidates([COMMON, 'code:kb1137'], scope, later);
    expect(Object.fromEntries(again)).toEqual(Object.fromEntries(first));
    expect(Object.fromEntries(again)).toEqual({ [productId(7)]: 0.5, [productId(8)]: 0.5 });
    expect([...later.keys()].filter((memo) => memo.endsWith(COMMON))).toEqual([]);
    // Common in another scope says nothing about this one: within GTIN-less products it is telling.
    expect((await keys.titleCandidates([COMMON], { brandId: 'b1', gtinlessOnly: true })).size).toBe(
      COMMON_TITLE_KEY_PRODUCTS,
    );
    const onlyCommon = await keys.titleCandidates([COMMON], scope);
    expect(onlyCommon.size).toBeGreaterThan(COMMON_TITLE_KEY_PRODUCTS);
  });
});
