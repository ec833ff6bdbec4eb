import { describeDocumentStoreContract } from '@pc/kit/ports/contracts/document-store.contract';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { openMongoDocumentStore } from './mongo-document-store.js';
import { dropDatabase, uniqueDatabase } from './test-support/test-database.js';

describeWithEngine('MONGODB_URI', 'MongoDB document store (contract)', (uri) => {
  const database = uniqueDatabase('pc_contract');
  afterAll(() => dropDatabase(uri, database));

  describeDocumentStoreContract('MongoDB (mongoose)', async () => {
    const store = await openMongoDocumentStore({ uri, database });
    return { store, cleanup: () => store.close() };
  });
});
