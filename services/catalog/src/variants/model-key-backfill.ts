import type { Logger } from 'pino';
import { HALF_A_CORE, type BackfillPacing } from '../derived/title-key-backfill.js';
import type { ProductRepository } from '../store/product-repository.js';

/**
 * Gives every product written before model keys existed its key (ADR 138): the repository derives
 * it on each write, so this only visits products without one, through the key's own index, and is
 * a single empty read once done. Each product is rewritten on its own under optimistic concurrency
 * (a racing edit wins and derives the key itself); nothing is published, no `updatedAt` moves: the
 * key is the catalog's own index, not product data. Until a product has its key it lists no
 * variants and is nobody's variant. Returns how many products got one; stops between pages once
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
  for (let page = await products.withoutModelKey(pacing.pageSize); page.length > 0;) {
    if (stopped()) return filled;
    // A page that starts where the last one did made no progress: leave it to the next start.
    if (page[0]!._id === previousFirst) break;
    previousFirst = page[0]!._id;
    const pageStarted = performance.now();
    for (const product of page) {
      const written = await products.update(product._id, (current) =>
        current && current.modelKey === undefined ? current : null,
      );
      if (written) filled += 1;
    }
    page = await products.withoutModelKey(pacing.pageSize);
    if (page.length > 0) await pacing.rest(performance.now() - pageStarted);
  }
  if (filled > 0) logger.info({ products: filled }, 'model keys derived for products written before them');
  return filled;
}
