import { openMongoDocumentStore } from '@pc/mongodb-document-store/mongo-document-store';
import { dropDatabase, uniqueDatabase } from '@pc/mongodb-document-store/test-support/test-database';
import { openRedisCache } from '@pc/redis-cache/redis-cache';
import { deleteKeysUnder, testKeyPrefix } from '@pc/redis-cache/test-support/test-prefix';
import { describeWithEngines } from '@pc/kit/testing/real-engine';
import { describeAlertFlows } from './test-support/alerts-suite.js';
import type { EngineAdapters } from './test-support/notifications-harness.js';
import { describePushFlows } from './test-support/push-suite.js';
import { describePushSubscriptionList } from './test-support/push-subscription-list-suite.js';

// The same service suites as on the embedded engines, with notifications on MongoDB (FerretDB
// in CI) and Redis: a database and a key prefix of their own per harness.
describeWithEngines(
  ['MONGODB_URI', 'REDIS_URL'],
  'notifications on MongoDB and Redis',
  ([mongoUri = '', redisUrl = '']) => {
    const real: EngineAdapters = {
      name: 'MongoDB + Redis',
      open: async () => {
        const database = uniqueDatabase('pc_notifications');
        const prefix = testKeyPrefix('notifications');
        const documents = await openMongoDocumentStore({ uri: mongoUri, database });
        const cache = await openRedisCache({ url: redisUrl, keyPrefix: prefix });
        return {
          documents,
          cache,
          close: async () => {
            await cache.close();
            await documents.close();
            await dropDatabase(mongoUri, database);
            await deleteKeysUnder(redisUrl, prefix);
          },
        };
      },
    };
    describePushFlows(real);
    describeAlertFlows(real);
    describePushSubscriptionList(real);
  },
);
