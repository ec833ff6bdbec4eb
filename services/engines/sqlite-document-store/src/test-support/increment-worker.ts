// Child process of multi-process.test.ts: increments one counter `count` times through update,
// starting when the parent writes a line to stdin, and prints when it started and finished.
import { once } from 'node:events';
import { openEmbeddedDocumentStore } from '../embedded-document-store.js';

interface Counter {
  readonly _id: string;
  readonly count: number;
  readonly perWorker: Readonly<Record<string, number>>;
}

async function main(path: string, name: string, count: number, worker: string): Promise<void> {
  const store = await openEmbeddedDocumentStore({ path });
  const counters = await store.collection<Counter>({ name, indexes: [{ fields: ['count'] }] });
  process.stdout.write('ready\n');
  await once(process.stdin, 'data');
  const startedAt = Date.now();
  for (let i = 0; i < count; i++) {
    await counters.update('counter', (current) => ({
      _id: 'counter',
      count: (current?.count ?? 0) + 1,
      perWorker: { ...current?.perWorker, [worker]: (current?.perWorker[worker] ?? 0) + 1 },
    }));
  }
  process.stdout.write(`done ${startedAt} ${Date.now()}\n`);
  await store.close();
  process.stdin.destroy();
}

const [path, name, count, worker] = process.argv.slice(2);
main(path!, name!, Number(count), worker!).catch((error: unknown) => {
  process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});
