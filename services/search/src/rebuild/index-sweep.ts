import type { SearchDocument, SearchIndexHandle } from '@pc/kit/ports/search-index';
import type { BrandDocument } from '../domain/brand-document.js';
import type { CategoryDocument } from '../domain/category-document.js';
import { completionChanges } from '../domain/completion-documents.js';
import type { ProductRecord } from '../domain/product-record.js';
import type { IndexWriter } from '../events/index-writer.js';
import { refreshAll, type SearchIndices } from '../store/search-indices.js';
import type { SourceStore } from '../store/source-store.js';

/** Ids read per round of the sweep (the most `idsAfter` answers). */
const PAGE = 1_000;

export interface IndexSweepContext {
  readonly store: SourceStore;
  readonly indices: SearchIndices;
  readonly writer: IndexWriter;
  readonly signal: AbortSignal;
}

/** The brands and categories the rebuild's products name, and since when their documents count as new. */
export interface Referenced {
  readonly brands: ReadonlySet<string>;
  readonly categories: ReadonlySet<string>;
  /**
   * Epoch ms: a brand or category document counted at or after this (its newest product change)
   * stays though no product the rebuild passed names it: an event of a product changed since the
   * rebuild started wrote it after the rebuild's pass.
   */
  readonly keepCountedSince: number;
}

/**
 * Deletes the documents of every index that nothing in the side state derives any more (the
 * indices' ids are paged through, the side state asked for each): products not held or not
 * listed and their completions, brands and categories no product names, shops the side state
 * does not hold as listed. Returns how many documents went.
 */
export async function sweepIndices(context: IndexSweepContext, referenced: Referenced): Promise<number> {
  const { indices } = context;
  // idsAfter sees what searches see: every write so far must be visible (Elasticsearch).
  await refreshAll(indices);
  const productOf = (completionId: string): string => completionId.slice(0, completionId.lastIndexOf(':'));
  let removed = await sweepDerived(
    context,
    indices.products,
    (id) => id,
    (_id, product) => product.listed,
  );
  removed += await sweepDerived(context, indices.completions, productOf, (id, product) =>
    completionChanges(product).upserts.some((completion) => completion.id === id),
  );
  removed += await sweepEntities(context, indices.brands, referenced.brands, referenced.keepCountedSince);
  removed += await sweepEntities(context, indices.categories, referenced.categories, referenced.keepCountedSince);
  removed += await sweepShops(context);
  await refreshAll(indices);
  return removed;
}

/**
 * One index whose documents belong to products: a document goes when its product is not held or
 * `keeps` says no. An event that wrote one of them between the read and the delete (the side
 * state first, then the index) is seen by reading its product again after: it is derived again.
 */
async function sweepDerived<D extends SearchDocument>(
  context: IndexSweepContext,
  index: SearchIndexHandle<D>,
  productOf: (docId: string) => string,
  keeps: (docId: string, product: ProductRecord) => boolean,
): Promise<number> {
  const { store, writer, signal } = context;
  const kept = (id: string, products: ReadonlyMap<string, ProductRecord>): boolean => {
    const product = products.get(productOf(id));
    return product !== undefined && keeps(id, product);
  };
  let removed = 0;
  for (let page = await index.idsAfter('', PAGE); page.length > 0;) {
    signal.throwIfAborted();
    const products = await store.getMany('product', page.map(productOf));
    const stale = page.filter((id) => !kept(id, products));
    if (stale.length > 0) {
      await index.delete(stale);
      removed += stale.length;
      const again = await store.getMany('product', stale.map(productOf));
      const back = [...again.values()].filter((product) =>
        stale.some((id) => productOf(id) === product._id && keeps(id, product)),
      );
      if (back.length > 0) await writer.rewrite(back, []);
    }
    page = await index.idsAfter(page.at(-1) ?? '', PAGE);
  }
  return removed;
}

/**
 * Shop documents whose shop the side state does not hold as listed (the rebuild's merge and sweep
 * made it as offers lists them). A shop an event lists between the read and the delete is written
 * again from its record, read after the delete.
 */
async function sweepShops(context: IndexSweepContext): Promise<number> {
  const { store, indices, writer, signal } = context;
  let removed = 0;
  for (let page = await indices.shops.idsAfter('', PAGE); page.length > 0;) {
    signal.throwIfAborted();
    const held = await store.getMany('shop', page);
    const stale = page.filter((id) => !held.get(id)?.listed);
    if (stale.length > 0) {
      await indices.shops.delete(stale);
      removed += stale.length;
      const back = [...(await store.getMany('shop', stale)).values()].filter((shop) => shop.listed);
      if (back.length > 0) await writer.rewrite([], back);
    }
    page = await indices.shops.idsAfter(page.at(-1) ?? '', PAGE);
  }
  return removed;
}

/** Brand or category documents no product names, unless counted since `keepCountedSince`. */
async function sweepEntities<D extends BrandDocument | CategoryDocument>(
  context: IndexSweepContext,
  index: SearchIndexHandle<D>,
  named: ReadonlySet<string>,
  keepCountedSince: number,
): Promise<number> {
  let removed = 0;
  for (let page = await index.idsAfter('', PAGE); page.length > 0;) {
    context.signal.throwIfAborted();
    const unnamed = page.filter((id) => !named.has(id));
    const docs = await Promise.all(unnamed.map((id) => index.get(id)));
    const stale = unnamed.filter((_id, i) => (docs[i]?.count_at ?? 0) < keepCountedSince);
    if (stale.length > 0) await index.delete(stale);
    removed += stale.length;
    page = await index.idsAfter(page.at(-1) ?? '', PAGE);
  }
  return removed;
}
