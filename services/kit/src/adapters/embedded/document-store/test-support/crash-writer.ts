// Child process of crash-recovery.test.ts: writes until it is killed, printing a line for each
// write only after the store acknowledged it. Pipes are written synchronously on Linux, so a
// printed line was acknowledged before any kill.
import { openEmbeddedDocumentStore } from '../embedded-document-store.js';
import { CRASH_BATCH_SIZE, CRASH_SIDE_FIELDS, crashDocument, type CrashDocument } from './crash-documents.js';

async function main(path: string, round: number): Promise<void> {
  const store = await openEmbeddedDocumentStore({ path });
  const docs = await store.collection<CrashDocument>({ name: 'crash', indexes: [{ fields: ['round', 'n'] }], sideFields: CRASH_SIDE_FIELDS });
  const counters = await store.collection<{ _id: string; n: number }>({ name: 'counters' });
  process.stdout.write('ready\n');
  for (let n = 0; ; n++) {
    if (n % 2 === 0) {
      // With an outbox record (ADR 035): both are durable, or neither.
      const next = crashDocument(round, n, 0);
      const doc = await docs.put(next, { outbox: [{ id: `outbox-${next._id}`, topic: 'crash.changed', key: next._id, value: Uint8Array.from([round, n % 256]), headers: {} }] });
      process.stdout.write(`ack ${doc._id}\n`);
    } else {
      const batch = Array.from({ length: CRASH_BATCH_SIZE }, (_, k) => crashDocument(round, n, k));
      await docs.bulkPut(batch);
      process.stdout.write(`ack ${batch.map((doc) => doc._id).join(' ')}\n`);
    }
    await counters.put({ _id: `round-${round}`, n });
    process.stdout.write(`counter ${n}\n`);
  }
}

main(process.argv[2]!, Number(process.argv[3])).catch((error: unknown) => {
  process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});
