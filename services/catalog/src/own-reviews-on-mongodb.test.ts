import { openMongoDocumentStore } from '@pc/mongodb-document-store/mongo-document-store';
import { dropDatabase, uniqueDatabase } from '@pc/mongodb-document-store/test-support/test-database';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { describeOwnReviews } from './test-support/admin-suites/own-reviews-suite.js';

// ListOwnReviews on MongoDB: the author index declared and read there too.
describeWithEngine('MONGODB_URI', 'own reviews on MongoDB', (uri) => {
  describeOwnReviews({
    name: 'MongoDB',
    open: async () => {
      const database = uniqueDatabase('pc_catalog_own_reviews');
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
