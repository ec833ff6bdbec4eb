import { openMongoDocumentStore } from '@pc/mongodb-document-store/mongo-document-store';
import { dropDatabase, uniqueDatabase } from '@pc/mongodb-document-store/test-support/test-database';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { describeProductVariants } from './test-support/admin-suites/product-variants-suite.js';

// ListProductVariants on MongoDB: the model key indexed and queried there too (ADR 138).
describeWithEngine('MONGODB_URI', 'product variants on MongoDB', (uri) => {
  describeProductVariants({
    name: 'MongoDB',
    open: async () => {
      const database = uniqueDatabase('pc_catalog_variants');
      const documents = await openMongoDocumentStore({ uri, database });
      return {
        documents,
        close: async () => {
          await documents.close();
          await dropDatabase(uri, database);
        },
      };
    },
  });
});
