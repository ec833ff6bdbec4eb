import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { newUrlRecord } from '../domain/new-url.js';
import { openCrawlerStore, type CrawlerStore } from '../store/crawler-store.js';
import { newHostRecord } from '../workflows/host-registry.js';
import { Dispatcher, DISPATCH_LEAD_MS } from './dispatcher.js';
import type { VisitTask } from './visit-task.js';

const HOST = 'shop.example';
const NOW = Date.parse('2026-11-24T10:00:00Z');

/** A product page of the host, due `dueAgoMs` before NOW. */
const page = (path: string, dueAgoMs: number, fastMover = false) => ({
  ...newUrlRecord(new URL(`https://${HOST}${path}`), {
    kind: 'product',
    depth: 1,
    shopId: '',
    intervalMs: 3_600_000,
    now: new Date(NOW - dueAgoMs),
  }),
  fastMover,
});

describe("the dispatcher's choice of a host's next visit", () => {
  let dir: string;
  let documents: DocumentStore;
  let store: CrawlerStore;
  let clock: number;
  let pushed: VisitTask[];
  let dispatcher: Dispatcher;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dispatcher-'));
    documents = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
    store = await openCrawlerStore(documents);
    await store.hosts.put(newHostRecord(HOST, '', new Date(NOW)));
    clock = NOW;
    pushed = [];
    dispatcher = new Dispatcher({
      store,
      push: (task) => pushed.push(task),
      now: () => new Date(clock),
      tickMs: 100,
      logger: pino({ level: 'silent' }),
      crawlsShopless: true,
    });
  });
  afterEach(async () => {
    await documents.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** One round; the path of the visit it handed out, if any. */
  const next = async (): Promise<string | undefined> => {
    const before = pushed.length;
    await dispatcher.tick();
    return pushed.length > before ? new URL(pushed.at(-1)!.url).pathname : undefined;
  };

  it('visits a due fast mover before 500 ordinary pages due longer, then gives them every other turn', async () => {
    await store.urls.collection.bulkPut(
      Array.from({ length: 500 }, (_, i) => page(`/p/ordinary-${String(i).padStart(3, '0')}`, 3_600_000 - i)),
    );
    await store.urls.put(page('/p/fast', 1_000, true));
    await store.urls.put(page('/p/fast-later', -60_000, true));

    expect(await next()).toBe('/p/fast');
    dispatcher.done(HOST);
    // The fast mover is still due (its visit was not recorded here), but ordinary pages keep half the turns.
    expect(await next()).toBe('/p/ordinary-000');
    dispatcher.done(HOST);
    expect(await next()).toBe('/p/fast');
  });

  it('takes the page due soonest when no fast mover is due', async () => {
    await store.urls.put(page('/p/b', 10_000));
    await store.urls.put(page('/p/a', 20_000));
    await store.urls.put(page('/p/fast-later', -60_000, true));
    expect(await next()).toBe('/p/a');
  });

  it('looks for fast movers of a host that had none again when woken (a visit made one), else every 30 s', async () => {
    await store.urls.put(page('/p/a', 20_000));
    await store.urls.put(page('/p/b', 10_000));
    expect(await next()).toBe('/p/a');
    await store.urls.put(page('/p/fast', 1_000, true));
    dispatcher.done(HOST);
    expect(await next()).toBe('/p/a');
    dispatcher.done(HOST);
    dispatcher.wake(HOST);
    expect(await next()).toBe('/p/fast');
  });

  it("hands out a host's next visit just before its quiet time ends, not after", async () => {
    await store.urls.put(page('/p/a', 10_000));
    await store.urls.put(page('/p/b', 5_000));
    expect(await next()).toBe('/p/a');
    const urlId = pushed[0]!.urlId;
    // The answer is read; the host's quiet time ends in a second.
    dispatcher.answered(HOST, urlId, NOW + 1_000);
    clock = NOW + 1_000 - DISPATCH_LEAD_MS - 50;
    expect(await next()).toBeUndefined();
    clock = NOW + 1_000 - DISPATCH_LEAD_MS;
    expect(await next()).toBe('/p/b');
  });
});
