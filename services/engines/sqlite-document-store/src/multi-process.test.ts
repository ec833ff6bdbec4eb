import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedDocumentStore } from './embedded-document-store.js';
import { spawnTsChild } from './test-support/child-process.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pc-docstore-procs-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('embedded document store shared by processes', () => {
  it('loses no update when two processes increment one document at the same time', async () => {
    const path = join(dir, 'documents.sqlite');
    const perWorker = 250;
    const workers = ['a', 'b'].map((name) =>
      spawnTsChild('increment-worker.ts', [path, 'counters', String(perWorker), name]),
    );
    await Promise.all(workers.map((w) => w.waitFor((lines) => lines.includes('ready'), 20_000)));
    for (const w of workers) w.child.stdin?.write('go\n');
    await Promise.all(workers.map((w) => w.waitFor((lines) => lines.some((l) => l.startsWith('done ')), 30_000)));
    const exits = await Promise.all(workers.map((w) => w.exited));
    expect(exits.map((e) => e.code)).toEqual([0, 0]);

    // The runs overlapped, so the two processes really contended for the write lock.
    const [a, b] = workers.map((w) =>
      w.lines
        .find((l) => l.startsWith('done '))!
        .split(' ')
        .slice(1)
        .map(Number),
    );
    expect(a![0]! < b![1]! && b![0]! < a![1]!).toBe(true);

    const store = await openEmbeddedDocumentStore({ path });
    const counter = await (
      await store.collection<{ _id: string; count: number; perWorker: object }>({ name: 'counters' })
    ).get('counter');
    await store.close();
    expect(counter).toEqual({
      _id: 'counter',
      count: 2 * perWorker,
      perWorker: { a: perWorker, b: perWorker },
      _version: 2 * perWorker,
    });
  }, 40_000);
});
