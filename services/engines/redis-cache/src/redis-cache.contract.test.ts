import { describeCacheContract } from '@pc/kit/ports/contracts/cache.contract';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { openRedisCache } from './redis-cache.js';
import { deleteKeysUnder, testKeyPrefix } from './test-support/test-prefix.js';

describeWithEngine('REDIS_URL', 'Redis cache', (url) => {
  const keyPrefix = testKeyPrefix('contract');
  afterAll(() => deleteKeysUnder(url, keyPrefix));

  describeCacheContract('redis (ioredis)', () => openRedisCache({ url, keyPrefix }));
});
