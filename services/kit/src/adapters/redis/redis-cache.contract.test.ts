import { describeCacheContract } from '../../ports/contracts/cache.contract.js';
import { describeWithEngine } from '../../testing/real-engine.js';
import { openRedisCache } from './redis-cache.js';
import { deleteKeysUnder, testKeyPrefix } from './test-support/test-prefix.js';

describeWithEngine('REDIS_URL', 'Redis cache', (url) => {
  const keyPrefix = testKeyPrefix('contract');
  afterAll(() => deleteKeysUnder(url, keyPrefix));

  describeCacheContract('redis (ioredis)', () => openRedisCache({ url, keyPrefix }));
});
