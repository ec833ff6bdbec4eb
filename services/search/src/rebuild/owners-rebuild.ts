import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { IndexWriter } from '../events/index-writer.js';
import type { SearchIndices } from '../store/search-indices.js';
import type { SourceLock } from '../store/source-lock.js';
import type { SourceStore } from '../store/source-store.js';
import { sweepIndices } from './index-sweep.js';
import { shopRecordOfShop } from '../domain/shop-record.js';
import {
  mergeOwnerCategories,
  mergeOwnerOffers,
  mergeOwnerPrices,
  mergeOwnerProducts,
  mergeOwnerShops,
} from './owner-merge.js';
import type { OwnerStreams } from './owner-streams.js';
import { markSideState, sweepSideState } from './side-state-sweep.js';

/**
 * A brand or category document counted this long before the rebuild started (its newest product
 * change, by catalog's clock) is kept though no product the rebuild passed names it: an event
 * wrote it since, and clocks of machines differ a little.
 */
const CLOCK_SKEW_MS = 60_000;

/** Products derived and written per round; category records named per round. */
const PAGE = 500;
/** A progress line is logged every this many products read or written (the job log keeps 200 lines). */
const LOG_EVERY = 10_000;

export interface OwnersRebuildDeps {
  readonly store: SourceStore;
  readonly indices: SearchIndices;
  readonly writer: IndexWriter;
  /** Shared with the event writer (app.ts): this process's batches and merges take turns. */
  readonly lock: SourceLock;
  readonly streams: OwnerStreams;
  readonly logger: Logger;
}

/** Where a running rebuild tells how far it is. */
export interface RebuildReport {
  log(line: string): void;
  /** 0.0 to 1.0, an estimate (the owners' sizes are not known before they are read). */
  progress(fraction: number): void;
}

export interface RebuildSummary {
  /** Read from catalog and offers. */
  readonly streamedProducts: number;
  readonly streamedSummaries: number;
  readonly streamedOffers: number;
  readonly streamedShops: number;
  /** Categories read from catalog's tree. */
  readonly streamedCategories: number;
  /** Side-state records (or prices of a country) no owner holds any more, removed. */
  readonly removedSources: number;
  /** Products whose documents were derived and written. */
  readonly products: number;
  /** Documents nothing derives any more, removed. */
  readonly removedDocuments: number;
}

/**
 * RebuildIndex's job: every index as the owners hold their data now, whatever search's side state
 * had kept or missed (ADR 113). In five steps:
 * 1. every product, price, offer and shop record of the side state is marked as not found yet;
 * 2. catalog's products and offers' price summaries, offers and listed shops are read at once and
 *    merged into the side state, the newer of held and streamed winning (events keep being
 *    applied meanwhile), and what they hold loses the mark; catalog's categories, named in every
 *    language (its tree per language), fill the names no category event gave (ADR 127);
 * 3. what still carries the mark (no owner holds it, no event wrote it since) is removed, a shop
 *    taken off the list;
 * 4. every product's documents are derived and written again (brands' categories start over),
 *    and the categories' documents are named in every language as the side state holds them;
 * 5. documents nothing in the side state derives any more are deleted.
 * No document is written or deleted before step 3 is complete: a rebuild that fails or is
 * cancelled before leaves the indices as they were. Running it again is safe.
 */
export class OwnersRebuild {
  constructor(private readonly deps: OwnersRebuildDeps) {}

  async run(report: RebuildReport, signal: AbortSignal): Promise<RebuildSummary> {
    const { store, lock, logger } = this.deps;
    const startedAt = Date.now();
    const rebuildId = randomUUID();
    const held = Math.max(1, await store.productCount());
    const marked = await markSideState(store, lock, rebuildId, signal);
    report.log(`${marked} product, price, offer and shop records of the side state marked as not found yet`);
    report.progress(0.1);

    report.log("reading catalog's products and categories and offers' price summaries, offers and shops");
    const readLog = everyStep((streamed) => report.log(`${streamed} products read from catalog`));
    const [streamedProducts, streamedSummaries, streamedOffers, streamedShops, streamedCategories] =
      await this.readOwners(signal, (streamed) => {
        report.progress(0.1 + 0.3 * Math.min(1, streamed / held));
        readLog(streamed);
      });
    report.log(
      `${streamedProducts} products, ${streamedSummaries} price summaries, ${streamedOffers} offers and ` +
        `${streamedShops} listed shops read from their owners; ${streamedCategories} categories named in every language`,
    );

    const listedShop = async (shopId: string) => {
      const shop = await this.deps.streams.listedShop(shopId, signal);
      return shop ? shopRecordOfShop(shop.id, shop.version, shop, new Date()) : null;
    };
    const swept = await sweepSideState(store, rebuildId, signal, listedShop);
    report.log(
      `removed from the side state: ${swept.products} products, ${swept.prices} prices and ${swept.offers} ` +
        `offers no owner holds; ${swept.shops} shops offers does not list taken off the list`,
    );
    report.progress(0.45);

    const total = Math.max(1, await store.productCount());
    // Events' brand and category merges then start from what the rebuild writes, not from a copy held before.
    this.deps.writer.forgetEntities();
    const writeLog = everyStep((written) => report.log(`${written} of ${total} products written`));
    const referenced = await this.writeAll(signal, (written) => {
      report.progress(0.45 + 0.5 * Math.min(1, written / total));
      writeLog(written);
    });
    const named = await this.nameCategories(signal);
    report.log(`${named} categories named in every language`);

    const removedDocuments = await sweepIndices(
      { store, indices: this.deps.indices, writer: this.deps.writer, signal },
      { ...referenced, keepCountedSince: startedAt - CLOCK_SKEW_MS },
    );
    // The event writer's cached brands and categories predate what was rewritten or deleted.
    this.deps.writer.forgetEntities();
    report.log(`removed ${removedDocuments} documents nothing derives any more`);
    report.progress(1);
    const summary = {
      streamedProducts,
      streamedSummaries,
      streamedOffers,
      streamedShops,
      streamedCategories,
      removedSources: swept.products + swept.prices + swept.offers + swept.shops,
      products: referenced.products,
      removedDocuments,
    };
    logger.info({ ...summary, seconds: Math.round((Date.now() - startedAt) / 1000) }, 'search indices rebuilt');
    return summary;
  }

  /** Every owner's stream at once; the first failure cancels the others and is the rebuild's. */
  private async readOwners(
    signal: AbortSignal,
    onProducts: (streamed: number) => void,
  ): Promise<[number, number, number, number, number]> {
    const both = new AbortController();
    const abort = (): void => both.abort(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    const context = { store: this.deps.store, lock: this.deps.lock, signal: both.signal };
    const reads = [
      mergeOwnerProducts(this.deps.streams, context, onProducts),
      mergeOwnerPrices(this.deps.streams, context),
      mergeOwnerOffers(this.deps.streams, context),
      mergeOwnerShops(this.deps.streams, context),
      mergeOwnerCategories(this.deps.streams, context),
    ] as const;
    try {
      return await Promise.all(reads);
    } catch (error) {
      both.abort(error);
      await Promise.allSettled(reads);
      signal.throwIfAborted();
      throw error;
    } finally {
      signal.removeEventListener('abort', abort);
    }
  }

  /** Names every category's document as the side state's record of it tells; returns how many records. */
  private async nameCategories(signal: AbortSignal): Promise<number> {
    const { store, writer } = this.deps;
    let named = 0;
    for (
      let page = await store.categoriesAfter('', PAGE);
      page.length > 0;
      page = await store.categoriesAfter(page.at(-1)?._id ?? '', PAGE)
    ) {
      signal.throwIfAborted();
      await writer.nameCategories(page);
      named += page.length;
    }
    return named;
  }

  /** Every product's documents from the side state; the brands and categories they name. */
  private async writeAll(
    signal: AbortSignal,
    onPage: (written: number) => void,
  ): Promise<{ brands: Set<string>; categories: Set<string>; products: number }> {
    const { store, writer } = this.deps;
    const entities = writer.rebuildEntities();
    const brands = new Set<string>();
    const categories = new Set<string>();
    await writer.rewrite([], await store.allShops(), entities);
    let products = 0;
    for (
      let page = await store.productsAfter('', PAGE);
      page.length > 0;
      page = await store.productsAfter(page.at(-1)?._id ?? '', PAGE)
    ) {
      signal.throwIfAborted();
      await writer.rewrite(page, [], entities);
      for (const product of page) {
        if (product.brand) brands.add(product.brand.slug);
        for (const step of product.categoryPath) categories.add(step.id);
      }
      products += page.length;
      onPage(products);
    }
    return { brands, categories, products };
  }
}

/** Calls `log` with a count once it passed another LOG_EVERY since the last call. */
function everyStep(log: (count: number) => void): (count: number) => void {
  let logged = 0;
  return (count) => {
    if (count - logged < LOG_EVERY) return;
    logged = count;
    log(count);
  };
}
