// The SQLite document store itself (@pc/sqlite-document-store, its TypeScript sources loaded
// through the tests' SWC require hook): what the port's bookkeeping (versions, unchanged
// detection, array-path flags) costs on top of raw better-sqlite3. Documents only; the event log
// is another package.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const STORE = '../../../services/engines/sqlite-document-store/src';

export function adapterEngine() {
  let store;
  let offers;
  return {
    name: 'adapter FULL',
    async open(dir) {
      require('../../jest/ts-register.cjs');
      const { openEmbeddedDocumentStore } = require(`${STORE}/embedded-document-store.ts`);
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
