// The packages themselves over SQLite FULL, their TypeScript sources loaded through the tests'
// SWC require hook: @pc/sqlite-document-store for the document workloads and
// @pc/embedded-event-log for the appends. What the ports' bookkeeping (versions, unchanged
// detection, array-path flags; topics, partitions, heads, group commit) costs on top of raw
// better-sqlite3. A range read is not a port operation (consumers read through subscriptions).
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const ENGINES = '../../../services/engines';

export function adapterEngine() {
  let store;
  let offers;
  let bus;
  const outgoing = (record) => ({
    topic: record.topic,
    key: record.key,
    value: record.value,
    headers: { traceparent: JSON.parse(record.headers).traceparent },
  });
  return {
    name: 'adapter FULL',
    async open(dir) {
      require('../../jest/ts-register.cjs');
      const { openEmbeddedDocumentStore } = require(`${ENGINES}/sqlite-document-store/src/embedded-document-store.ts`);
      const { openEmbeddedEventBus } = require(`${ENGINES}/embedded-event-log/src/open-embedded-event-bus.ts`);
      store = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
      offers = await store.collection({ name: 'offers', indexes: [{ fields: ['shopId'] }] });
      bus = openEmbeddedEventBus({ path: join(dir, 'log.sqlite'), retentionMs: 0 });
    },
    async upsertBatch(docs) {
      await offers.bulkPut(docs);
    },
    get: (id) => offers.get(id),
    findByShop: (shopId) => offers.find({ shopId }),
    appendOne: (record) => bus.publish([outgoing(record)]),
    appendBatch: (records) => bus.publish(records.map(outgoing)),
    async close() {
      await Promise.all([store.close(), bus.close()]);
    },
  };
}
