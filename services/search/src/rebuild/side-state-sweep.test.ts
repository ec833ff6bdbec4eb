import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import type { ShopRecord } from '../domain/shop-record.js';
import { SourceLock } from '../store/source-lock.js';
import { SourceStore } from '../store/source-store.js';
import { markSideState, sweepSideState } from './side-state-sweep.js';

const shop = (id: string, version: number, listed: boolean): ShopRecord => ({
  _id: id,
  version,
  deleted: false,
  listed,
  name: id,
  domain: `${id}.example`,
  faviconUrl: '',
  countries: ['CH'],
  offersCount: 1,
  registeredAt: 0,
});

/**
 * The sweep's shops: ListShops pages can move while a rebuild reads them and skip a listed shop,
 * so a listed shop the stream did not bring is taken off the list only when offers says so.
 */
describe("the rebuild's sweep of the shops offers did not stream", () => {
  let dir: string;
  let documents: DocumentStore;
  let store: SourceStore;
  const signal = new AbortController().signal;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'search-sweep-'));
    documents = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
    store = await SourceStore.open(documents);
    await store.putAll([
      { kind: 'shop', record: shop('skipped', 3, true) },
      { kind: 'shop', record: shop('gone', 2, true) },
      { kind: 'shop', record: shop('suspended', 4, false) },
    ]);
  });

  afterEach(async () => {
    await documents.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('asks offers about each listed one: keeps the one offers lists (newer record merged), unlists the other', async () => {
    await markSideState(store, new SourceLock(), 'r1', signal);
    const asked: string[] = [];
    const swept = await sweepSideState(store, 'r1', signal, async (id) => {
      asked.push(id);
      return id === 'skipped' ? { ...shop('skipped', 5, true), name: 'Renamed' } : null;
    });
    expect(asked.sort()).toEqual(['gone', 'skipped']);
    expect(swept.shops).toBe(1);
    const held = await store.getMany('shop', ['skipped', 'gone', 'suspended']);
    expect(held.get('skipped')).toMatchObject({ listed: true, version: 5, name: 'Renamed' });
    expect(held.get('gone')).toMatchObject({ listed: false, version: 2 });
    expect(held.get('suspended')).toMatchObject({ listed: false, version: 4 });
    // The marks are gone: a second sweep of the same rebuild finds nothing to do.
    expect((await sweepSideState(store, 'r1', signal, () => Promise.resolve(null))).shops).toBe(0);
  });

  it('leaves a shop an event wrote after the marking as the event left it', async () => {
    await markSideState(store, new SourceLock(), 'r1', signal);
    await store.putAll([{ kind: 'shop', record: shop('gone', 3, true) }]);
    await sweepSideState(store, 'r1', signal, () => Promise.resolve(null));
    expect((await store.getMany('shop', ['gone'])).get('gone')).toMatchObject({ listed: true, version: 3 });
  });
});
