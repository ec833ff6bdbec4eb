import { describeCacheContract } from '../../../ports/contracts/cache.contract.js';
import { createEmbeddedCache } from './embedded-cache.js';

describeCacheContract('embedded (lru-cache)', async () => createEmbeddedCache());
