// Child process of crash-recovery.test.ts: writes until it is killed, reporting a line for each
// write only after the store acknowledged it. The lines go to a file (testing/crash-report.ts), so
// a reported line survives the kill; stdout only shows progress.
import { reportTo } from '@pc/kit/testing/crash-report';
import { openEmbeddedDocumentStore } from '../embedded-document-store.js';
import { CRASH_BATCH_SIZE, CRASH_SIDE_FIELDS, crashDocument, type CrashDocument } from './crash-documents.js';

async function main(path: string, round: number, reportFile: string): Promise<void> {
  const toFile = reportTo(reportFile);
  const report = (line: string) => {
    toFile(line);
    process.stdout.write(`${line}\n`);
  };
  const store = await openEmbeddedDocumentStore({ path });
  const docs = await store.collection<CrashDocument>({
    name: 'crash',
    indexes: [{ fields: ['round', 'n'] }],
    sideFields: CRASH_SIDE_FIELDS,
  });
  const counters = await store.collection<{ _id: string; n: number }>({ name: 'counters' });
  process.stdout.write('ready\n');
  for (let n = 0; ; n++) {
    if (n % 2 === 0) {
      // With an outbox record (ADR 035): both are durable, or neither.
      const next = crashDocument(round, n, 0);
      const doc = await docs.put(next, {
        outbox: [
          {
            id: `outbox-${next._id}`,
            topic: 'crash.changed',
            key: next._id,
            value: Uint8Array.from([round, n % 256]),
            headers: {},
          },
        ],
      });
      report(`ack ${doc._id}`);
    } else {
      const batch = Array.from({ length: CRASH_BATCH_SIZE }, (_, k) => crashDocument(round, n, k));
      await docs.bulkPut(batch);
      report(`ack ${batch.map((doc) => doc._id).join(' ')}`);
    }
    await counters.put({ _id: `round-${round}`, n });
    report(`counter ${n}`);
  }
}

main(process.argv[2]!, Number(process.argv[3]), process.argv[4]!).catch((error: unknown) => {
  process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});
