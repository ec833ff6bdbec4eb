import type { Logger } from 'pino';
import { HALF_A_CORE, type BackfillPacing } from '../derived/title-key-backfill.js';
import type { ProductRepository } from '../store/product-repository.js';
import { MODEL_KEY_VERSION } from './model-key-version.js';

/**
 * Gives every product whose model key an older derivation or vocabulary made, or that was written
 * before keys existed, the current key (ADR 138): the repository derives key and version on each
 * write, so this only visits products of another version, through the version's index, and is a
 * single empty read once done. Each product is rewritten on its own under optimistic concurrency
 * (a racing edit wins and derives the key itself); nothing is published, no `updatedAt` moves: the
 * key is the catalog's own index, not product data. Until a product has its key it lists the
 * variants of its old one. Returns how many products were re-keyed; stops between pages once
 * `stopped()` says so.
 */
export async function backfillModelKeys(
  products: ProductRepository,
  logger: Logger,
  stopped: () => boolean = () => false,
  pacing: BackfillPacing = HALF_A_CORE,
): Promise<number> {
  let filled = 0;
  let previousFirst = '';
  for (let page = await products.withStaleModelKey(pacing.pageSize); page.length > 0;) {
    if (stopped()) return filled;
    // A page that starts where the last one did made no progress: leave it to the next start.
    if (page[0]!._id === previousFirst) break;
    previousFirst = page[0]!._id;
    const pageStarted = performance.now();
    for (const product of page) {
      const written = await products.update(product._id, (current) =>
        current && current.modelKeyVersion !== MODEL_KEY_VERSION ? current : null,
      );
      if (written) filled += 1;
    }
    page = await products.withStaleModelKey(pacing.pageSize);
    if (page.length > 0) await pacing.rest(performance.now() - pageStarted);
  }
  if (filled > 0)
    logger.info({ products: filled }, 'model keys derived again for products keyed by an older vocabulary');
  return filled;
}
