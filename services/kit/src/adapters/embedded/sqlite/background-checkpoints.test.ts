import { mkdtempSync, readdirSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitUntil } from '../../../ports/contracts/event-bus-contract-harness.js';
import { openEmbeddedDocumentStore } from '../document-store/embedded-document-store.js';

/** The files this process (every thread of it) has open. Linux. */
const openFiles = () =>
  readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/self/fd/${fd}`)];
    } catch {
      return []; // closed meanwhile (the readdir's own descriptor)
    }
  });

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pc-checkpoints-'));
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('background checkpoints (ADR 036)', () => {
  it("copies a store's committed pages into its database file without the writer's own checkpoint", async () => {
    const path = join(dir, 'documents.sqlite');
    const store = await openEmbeddedDocumentStore({ path });
    const items = await store.collection<{ _id: string; text: string }>({ name: 'items' });
    const sizeBefore = statSync(path).size;
    // ~2 MB: some 600 WAL frames, far below the writer's checkpoint at 10,000.
    await Promise.all(Array.from({ length: 500 }, (_, i) => items.put({ _id: `i${i}`, text: 'x'.repeat(4000) })));
    await waitUntil('the pages reach the database file', () => statSync(path).size > sizeBefore + 1_500_000);
    await store.close();
  });

  it('lets go of the file before the store has closed', async () => {
    const path = join(dir, 'documents.sqlite');
    const store = await openEmbeddedDocumentStore({ path });
    await (await store.collection<{ _id: string }>({ name: 'items' })).put({ _id: 'a' });
    // The store's connection and the checkpoint thread's.
    await waitUntil('the checkpoint thread has the file open', () => openFiles().filter((file) => file === path).length === 2);
    await store.close();
    // Neither the store's connection nor the thread's (in this process too) holds it any more.
    expect(openFiles().filter((file) => file.startsWith(path))).toEqual([]);
  });
});
