// The embedded DocumentStore adapter itself (TypeScript, loaded through the SWC require hook of
// its tests): what the port's bookkeeping (versions, unchanged detection, array-path flags)
// costs on top of raw better-sqlite3. Documents only; the event log is another adapter.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const ADAPTER = '../../../services/kit/src/adapters/embedded/document-store';

export function adapterEngine() {
  let store;
  let offers;
  return {
    name: 'adapter FULL',
    async open(dir) {
      require(`${ADAPTER}/test-support/ts-register.cjs`);
      const { openEmbeddedDocumentStore } = require(`${ADAPTER}/embedded-document-store.ts`);
      store = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
      offers = await store.collection({ name: 'offers', indexes: [{ fields: ['shopId'] }] });
    },
    async upsertBatch(docs) {
      await offers.bulkPut(docs);
    },
    get: (id) => offers.get(id),
    findByShop: (shopId) => offers.find({ shopId }),
    async close() {
      await store.close();
    },
  };
}
