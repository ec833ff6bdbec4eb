import { describeCacheContract } from '@pc/kit/ports/contracts/cache.contract';
import { createEmbeddedCache } from './embedded-cache.js';

describeCacheContract('embedded (lru-cache)', async () => createEmbeddedCache());
