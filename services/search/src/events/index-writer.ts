import type { Logger } from 'pino';
import type { CategoryRecord } from '../domain/category-record.js';
import { productDocument, type ProductDocument, type ProductSources } from '../domain/product-document.js';
import type { ProductRecord } from '../domain/product-record.js';
import type { ShopRecord } from '../domain/shop-record.js';
import type { ProductClickCounts } from '../store/product-click-counts.js';
import type { SearchIndices } from '../store/search-indices.js';
import { SourceLock } from '../store/source-lock.js';
import type { HeldSources, SourceStore } from '../store/source-store.js';
import { applySources } from './apply-sources.js';
import type { CoalescedRefresh } from './coalesced-refresh.js';
import type { EntityPopularity } from './entity-popularity.js';
import { EntityWriter } from './entity-writer.js';
import type { IndexProgress } from './index-progress.js';
import type { ListingsNotice } from './listings-notice.js';
import type { PriceLag } from './price-lag.js';
import type { SourceUpdate } from './source-update.js';

export interface IndexWriterDeps {
  readonly store: SourceStore;
  readonly indices: SearchIndices;
  /** The daily click counts derived from the click records (ListPopularProducts). */
  readonly clickCounts: ProductClickCounts;
  /** Counts the clicks' brands, categories and shops (their documents' `clicks_30d`). */
  readonly popularity: Pick<EntityPopularity, 'counted'>;
  /** The writer of brand, category, completion and shop documents (one of its own by default). */
  readonly entities?: EntityWriter;
  readonly progress: IndexProgress;
  readonly refresh: CoalescedRefresh;
  readonly priceLag: PriceLag;
  /** Told which products' listings changed once they are searchable (ListingsChanged). */
  readonly listings: Pick<ListingsNotice, 'searchable'>;
  readonly logger: Logger;
  /** Shared with a rebuild's merges of its owners' streams (one of its own by default). */
  readonly lock?: SourceLock;
}

/** Rounds of write-and-check before leaving a product to its next event (see writeProducts). */
const MAX_ROUNDS = 3;

/**
 * Writes a batch of consumed events: first the side state (what each topic said, newest version
 * wins), then every index document the batch touches, derived again from the whole side state,
 * and the daily click counts of its clicks' products and entities, set from their products'
 * click records — so the order the topics arrive in does not matter and a redelivery repairs a
 * cut-off write.
 */
export class IndexWriter {
  private readonly entities: EntityWriter;
  private readonly lock: SourceLock;

  constructor(private readonly deps: IndexWriterDeps) {
    this.entities = deps.entities ?? new EntityWriter(deps.indices);
    this.lock = deps.lock ?? new SourceLock();
  }

  async write(updates: readonly SourceUpdate[]): Promise<void> {
    const startedAt = performance.now();
    const heldAsOf = await this.deps.store.othersToken();
    const applied = await this.lock.run(() => applySources(this.deps.store, updates));
    await Promise.all([
      this.writeProducts([...applied.products], { sources: applied.held, asOf: heldAsOf }),
      this.entities.writeProducts(applied.productRecords),
      this.entities.writeShops(applied.shops),
      this.entities.writeCategoryNames(applied.categories, { descendants: true }),
      this.deps.clickCounts.set(applied.clickDays),
      this.deps.popularity.counted(applied.entityClicks),
    ]);
    await this.deps.progress.applied(updates);
    this.deps.logger.debug(
      { events: updates.length, products: applied.products.size, ms: Math.round(performance.now() - startedAt) },
      'index batch written',
    );
    // Acknowledged once durable (above); searchable after the next refresh, which the price lag
    // and the notice to the lists that show these products wait for.
    const changes = applied.priceChanges;
    this.deps.refresh.after().then(
      () => {
        this.deps.priceLag.searchable(changes);
        if (applied.listings.size > 0) void this.deps.listings.searchable(applied.listings);
      },
      (error: unknown) => this.deps.logger.warn({ err: error }, 'refreshing the search indices failed'),
    );
  }

  /**
   * Writes these products' documents (and their brands, categories and completions) and these
   * shops' again from the side state alone: a rebuild (index-rebuild.ts, rebuild/). `entities`:
   * a rebuild's own brand and category writer (rebuild/owners-rebuild.ts) instead of this one's.
   */
  async rewrite(
    products: readonly ProductRecord[],
    shops: readonly ShopRecord[],
    entities: EntityWriter = this.entities,
  ): Promise<void> {
    await Promise.all([
      this.writeProducts(products.map((product) => product._id)),
      entities.writeProducts(products),
      entities.writeShops(shops),
    ]);
  }

  /**
   * Names these categories' documents as the records tell (a rebuild's last pass over the side
   * state, whose product pass named every document's ancestors already).
   */
  nameCategories(records: readonly CategoryRecord[]): Promise<void> {
    return this.entities.writeCategoryNames(records);
  }

  /** A rebuild's own brand and category writer, counting clicks as this one's does. */
  rebuildEntities(): EntityWriter {
    return this.entities.forRebuild();
  }

  /** Forgets the brand and category documents this writer holds (a rebuild rewrote or deleted them). */
  forgetEntities(): void {
    this.entities.forgetAll();
  }

  /**
   * Derives, writes, then reads the sources again: if another replica changed a source in the
   * meantime (its write may have landed before ours), the document is derived and written again.
   * With several writers the last check sees the final state. When the store tells that nobody
   * wrote sources since the read (the one search process of the local profile), the check's
   * second read and derivation are skipped (at 5,000 products a quarter of search's CPU per
   * indexed change; at a million, where the side state's bulk write and commit dominate, too
   * little to measure).
   */
  private async writeProducts(
    ids: readonly string[],
    held?: { readonly sources: HeldSources; readonly asOf: string | null },
  ): Promise<void> {
    let pending = ids;
    const written = new Map<string, string>();
    for (let round = 0; round < MAX_ROUNDS && pending.length > 0; round++) {
      const token = await this.deps.store.changeToken();
      // The first round takes the product and price records the batch read and wrote, when no
      // other replica has written since it read them (checked after taking the token, so a write
      // in between is seen either here or by the check after the index write).
      const current = round === 0 && held?.asOf != null && held.asOf === (await this.deps.store.othersToken());
      const derived = derive(await this.deps.store.sourcesOf(pending, current ? held.sources : undefined));
      await this.writeDocs([...derived.values()].filter((d) => written.get(d.id) !== d.json));
      for (const d of derived.values()) written.set(d.id, d.json);
      if (token !== null && token === (await this.deps.store.changeToken())) return;
      const again = derive(await this.deps.store.sourcesOf(pending));
      pending = pending.filter((id) => again.get(id)?.json !== written.get(id));
    }
    if (pending.length > 0)
      this.deps.logger.warn(
        { products: pending.length },
        'product sources kept changing while indexing; left to their next event',
      );
  }

  private async writeDocs(derived: readonly Derived[]): Promise<void> {
    const upserts = derived.flatMap((d) => d.doc ?? []);
    const deletes = derived.filter((d) => d.doc === null).map((d) => d.id);
    if (upserts.length > 0) await this.deps.indices.products.upsert(upserts);
    if (deletes.length > 0) await this.deps.indices.products.delete(deletes);
  }
}

/** A product's document (null when it is not searchable) and its JSON, compared between rounds. */
interface Derived {
  readonly id: string;
  readonly doc: ProductDocument | null;
  readonly json: string;
}

function derive(sources: ReadonlyMap<string, ProductSources>): Map<string, Derived> {
  const result = new Map<string, Derived>();
  for (const [id, source] of sources) {
    const doc = productDocument(source);
    result.set(id, { id, doc, json: JSON.stringify(doc) });
  }
  return result;
}
