import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { BrandRepository } from '../store/brand-repository.js';
import type { ProductKeyRepository } from '../store/product-key-repository.js';
import type { ProductRepository } from '../store/product-repository.js';
import { titleKeyRecords } from './title-keys.js';
import { TITLE_KEYS_VERSION } from './title-keys-version.js';

// The derivation's version lives on its own: the model keys' version reads it too (ADR 138).
export { TITLE_KEYS_VERSION };

const PAGE = 500;

/**
 * Share of one core the pass may take: after each page it rests as long as the page took, so a
 * catalog of a million products keeps answering its RPCs at their usual speed while the pass runs
 * (it takes minutes either way; nothing waits on it, matching finds older products by old keys).
 */
const DUTY_CYCLE = 0.5;

interface BackfillStores {
  readonly products: ProductRepository;
  readonly brands: BrandRepository;
  readonly keys: ProductKeyRepository;
}

export interface BackfillPacing {
  /** Products filed per page (one progress record each). */
  readonly pageSize: number;
  /** Waits between pages; given how long the page took (ms). */
  readonly rest: (pageMs: number) => Promise<void>;
}

export const HALF_A_CORE: BackfillPacing = {
  pageSize: PAGE,
  rest: (pageMs) => delay(Math.round((pageMs * (1 - DUTY_CYCLE)) / DUTY_CYCLE)),
};

/**
 * Files every product under the keys the current derivation gives it, when the store's keys follow
 * an older one. Offers look candidates up by the new keys at once, so until this has run, products
 * filed before would not be found under them. Idempotent (a key already there is not rewritten):
 * two replicas at once only redo work. The pass records how far it got after each page, so a
 * restart resumes it instead of starting over (at a million products a pass outlives many a
 * deploy). Keys an older derivation gave and this one does not stay; they cost a little space and
 * find nothing a current title asks for. A product renamed or merged while its page is filed may
 * keep a key it no longer has: a candidate too many, which matching checks against the product
 * anyway. Returns how many products were passed over in this call (0: nothing to do). Stops
 * between pages once `stopped()` says so.
 */
export async function backfillTitleKeys(
  stores: BackfillStores,
  logger: Logger,
  stopped: () => boolean = () => false,
  pacing: BackfillPacing = HALF_A_CORE,
): Promise<number> {
  const { products, brands, keys } = stores;
  if ((await keys.titleKeysVersion()) >= TITLE_KEYS_VERSION) return 0;
  const startedAt = performance.now();
  const progress = await keys.titleKeysProgress();
  const resumeAfter = progress?.version === TITLE_KEYS_VERSION ? progress.after : '';
  if (resumeAfter !== '') logger.info({ after: resumeAfter }, 'title key pass resumed where it stopped');
  let passed = 0;
  for (let page = await products.after(resumeAfter, pacing.pageSize); page.length > 0;) {
    if (stopped()) return passed; // the next start resumes after the last page filed
    const pageStarted = performance.now();
    const filed = page.filter((product) => product.status !== 'merged');
    const brandById = await brands.getMany(filed.map((product) => product.brandId));
    await keys.putTitleKeys(
      filed.flatMap((product) => titleKeyRecords(product, brandById.get(product.brandId)?.name ?? '')),
    );
    const lastId = page.at(-1)?._id ?? '';
    await keys.setTitleKeysProgress({ version: TITLE_KEYS_VERSION, after: lastId });
    passed += page.length;
    page = await products.after(lastId, pacing.pageSize);
    if (page.length > 0) await pacing.rest(performance.now() - pageStarted);
  }
  await keys.setTitleKeysVersion(TITLE_KEYS_VERSION);
  await keys.setTitleKeysProgress(null);
  if (passed > 0)
    logger.info(
      { products: passed, version: TITLE_KEYS_VERSION, seconds: Math.round((performance.now() - startedAt) / 1000) },
      'title keys filed under the current derivation',
    );
  return passed;
}
