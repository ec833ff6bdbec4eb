import type { ServiceConfig } from '../config/service-config.js';
import { createEmbeddedCache } from '../adapters/embedded/cache/embedded-cache.js';
import type { Cache } from '../ports/cache.js';
import { unavailableAdapter } from './unavailable-adapter.js';

/** The cache the config selects; embedded: in-process (ARCHITECTURE.md §4). */
export async function openCache(config: ServiceConfig): Promise<Cache> {
  if (config.CACHE === 'embedded') return createEmbeddedCache({});
  throw unavailableAdapter('CACHE', config.CACHE);
}
