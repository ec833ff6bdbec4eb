import { openRedisCache } from '@pc/redis-cache/redis-cache';
import { deleteKeysUnder, testKeyPrefix } from '@pc/redis-cache/test-support/test-prefix';
import { openMongoDocumentStore } from '@pc/mongodb-document-store/mongo-document-store';
import { dropDatabase, uniqueDatabase } from '@pc/mongodb-document-store/test-support/test-database';
import { describeWithEngines } from '@pc/kit/testing/real-engine';
import type { EngineAdapters } from './test-support/accounts-harness.js';
import { describeAuthFlows } from './test-support/auth-suite.js';
import { describeComparePickFlows } from './test-support/compare-picks-suite.js';
import { describeFavouriteFlows } from './test-support/favourites-suite.js';
import { describeOwnSessionFlows } from './test-support/own-sessions-suite.js';
import { describeTwoStepFlows } from './test-support/two-step-suite.js';
import { describeUserFlows } from './test-support/users-suite.js';

// The same service suites as on the embedded engines, on MongoDB (FerretDB in CI) and Redis:
// each harness gets a database and a key prefix of its own.
describeWithEngines(['MONGODB_URI', 'REDIS_URL'], 'accounts on MongoDB and Redis', ([mongoUri = '', redisUrl = '']) => {
  const real: EngineAdapters = {
    name: 'MongoDB + Redis',
    open: async () => {
      const database = uniqueDatabase('pc_accounts');
      const prefix = testKeyPrefix('accounts');
      const documents = await openMongoDocumentStore({ uri: mongoUri, database });
      const cache = await openRedisCache({ url: redisUrl, keyPrefix: prefix });
      return {
        documents,
        cache,
        forgetCache: () => deleteKeysUnder(redisUrl, prefix),
        close: async () => {
          await cache.close();
          await documents.close();
          await dropDatabase(mongoUri, database);
          await deleteKeysUnder(redisUrl, prefix);
        },
      };
    },
  };
  describeAuthFlows(real);
  describeUserFlows(real);
  describeFavouriteFlows(real);
  describeComparePickFlows(real);
  describeOwnSessionFlows(real);
  describeTwoStepFlows(real);
});
