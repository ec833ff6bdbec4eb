import { UnavailableError } from '@pc/kit/errors/domain-errors';
import type { Collection, Document } from '@pc/kit/ports/document-store';
import { describeWithEngine, enginesAreManaged, restartEngine } from '@pc/kit/testing/real-engine';
import { openMongoDocumentStore } from './mongo-document-store.js';
import { dropDatabase, uniqueDatabase } from './test-support/test-database.js';

interface Tick extends Document {
  readonly n: number;
  readonly batch?: boolean;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes ticks one after another (every fifth one as a bulkPut of three) until told to stop;
 * a write that fails is retried, as a caller would, until it is acknowledged (or the stream is
 * stopped). Returns what was acknowledged and the errors seen on the way.
 */
function writeStream(col: Collection<Tick>) {
  const acknowledged = new Map<string, number>();
  const errors: unknown[] = [];
  let stop = false;
  const done = (async () => {
    for (let i = 0; !stop; i++) {
      const docs =
        i % 5 === 0 ? [0, 1, 2].map((k) => ({ _id: `b${i}-${k}`, n: i, batch: true })) : [{ _id: `t${i}`, n: i }];
      while (!stop) {
        try {
          await (docs.length > 1 ? col.bulkPut(docs) : col.put(docs[0]!));
          for (const doc of docs) acknowledged.set(doc._id, doc.n);
          break;
        } catch (error) {
          errors.push(error);
          await pause(100);
        }
      }
    }
  })();
  return { acknowledged, errors, stop: async () => ((stop = true), await done) };
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await pause(20);
  }
}

/** How many errors of each underlying driver error (name: message) the stream saw: a failure says why. */
function tallyCauses(errors: readonly unknown[]): Record<string, number> {
  const tally: Record<string, number> = {};
  for (const error of errors) {
    const cause = (error as { cause?: unknown }).cause ?? error;
    const key = cause instanceof Error ? `${cause.name}: ${cause.message.slice(0, 160)}` : String(cause);
    tally[key] = (tally[key] ?? 0) + 1;
  }
  return tally;
}

describeWithEngine('MONGODB_URI', 'MongoDB document store across a server restart', (uri) => {
  const managed = enginesAreManaged();
  const database = uniqueDatabase('pc_restart');
  afterAll(() => dropDatabase(uri, database));

  (managed ? it : it.skip)(
    'keeps every acknowledged write and recovers without reopening (needs engines.sh-managed engines)',
    async () => {
      // A short selection timeout: writes during the outage fail fast and are retried.
      const store = await openMongoDocumentStore({ uri, database, serverSelectionTimeoutMs: 1000 });
      try {
        const col = await store.collection<Tick>({ name: 'ticks', indexes: [{ fields: ['n'] }] });
        const stream = writeStream(col);
        try {
          await waitFor(() => stream.acknowledged.size >= 100, 20_000);
          await restartEngine('mongodb');
          const afterRestart = stream.acknowledged.size;
          // Generous: on a loaded 2-core CI machine FerretDB and the driver's rediscovery have
          // taken over 30 s to accept writes again after the restart returned; a driver whose
          // monitor never found the server again is rebuilt by the watchdog after 15 s.
          await waitFor(() => stream.acknowledged.size >= afterRestart + 100, 90_000).catch((error: Error) => {
            throw new Error(`${error.message}; write errors by cause: ${JSON.stringify(tallyCauses(stream.errors))}`);
          });
        } finally {
          await stream.stop();
        }
        // The outage was seen, and only as UnavailableError (not a hang, not a driver error).
        expect(stream.errors.length).toBeGreaterThan(0);
        for (const error of stream.errors) expect(error).toBeInstanceOf(UnavailableError);
        // Every acknowledged write is there, read through the same store instance.
        expect(await store.isReady()).toBe(true);
        const stored = new Map((await col.find()).map((doc) => [doc._id, doc.n]));
        const lost = [...stream.acknowledged].filter(([id, n]) => stored.get(id) !== n);
        expect(lost).toEqual([]);
        // Beyond those, at most the write in flight when the stream stopped (applied, not acknowledged).
        expect(stored.size - stream.acknowledged.size).toBeLessThanOrEqual(3);
      } finally {
        await store.close();
      }
    },
    170_000, // the 20 s + 90 s waits above, the restart and the checks; jest.fault.config allows 180 s
  );
});
