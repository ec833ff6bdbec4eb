import type { ServiceConfig } from '@pc/kit/config/service-config';
import { createEmbeddedCache } from '@pc/in-process-cache/embedded-cache';
import type { RedisCacheLogger } from '@pc/redis-cache/redis-client';
import type { Cache } from '@pc/kit/ports/cache';
import { unavailableAdapter } from './unavailable-adapter.js';

type RedisCacheAdapter = typeof import('@pc/redis-cache/redis-cache');

/**
 * The cache the config selects (docs/architecture.md §4). embedded: in-process. redis: shared by the
 * service's replicas, every key prefixed with `<service>:` so services sharing a Redis never collide (and with
 * `<namespace>:` before that under PLATFORM_NAMESPACE).
 */
export async function openCache(config: ServiceConfig, service: string, logger?: RedisCacheLogger): Promise<Cache> {
  if (config.CACHE === 'embedded') return createEmbeddedCache({});
  if (config.CACHE === 'redis' && config.REDIS_URL) {
    // Loaded only when selected, so the local profile never loads ioredis.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { openRedisCache } = require('@pc/redis-cache/redis-cache') as RedisCacheAdapter;
    return openRedisCache({
      url: config.REDIS_URL,
      keyPrefix: `${config.PLATFORM_NAMESPACE ? `${config.PLATFORM_NAMESPACE}:` : ''}${service}:`,
      logger,
    });
  }
  throw unavailableAdapter('CACHE', config.CACHE);
}
