import type { BrandDocument } from '../domain/brand-document.js';
import { mergeBrand } from '../domain/brand-document.js';
import {
  mergeCategories,
  withCategoryNames,
  type CategoryDocument,
  type NamedBy,
} from '../domain/category-document.js';
import type { CategoryRecord } from '../domain/category-record.js';
import { completionChanges } from '../domain/completion-documents.js';
import {
  clicksField,
  keysOfEntity,
  parseEntityKey,
  withClicks,
  type EntityKey,
  type PopularKind,
} from '../domain/entity-popularity.js';
import type { ProductRecord } from '../domain/product-record.js';
import { shopDocument, type ShopDocument } from '../domain/shop-document.js';
import type { ShopRecord } from '../domain/shop-record.js';
import type { SearchIndices } from '../store/search-indices.js';
import { categoriesBelow } from './categories-below.js';
import { EntityCache } from './entity-cache.js';
import type { PopularityWriter } from './entity-popularity.js';

/** Rounds of naming the written category documents again before leaving them to the next event (see renameWritten). */
const RENAME_ROUNDS = 3;

/** Category documents read, named and written at a time (a category event reaches every one below it). */
const NAMED_PER_WRITE = 500;

/** Clicks over the window by document field (`clicks_30d`, `clicks_30d_ch`, …). */
type FieldClicks = ReadonlyMap<string, number>;

/** The document with these fields' clicks, or null when it holds them already. */
function withFieldClicks<D extends object>(doc: D, fields: FieldClicks): D | null {
  const held = doc as Record<string, unknown>;
  const changed = [...fields].filter(([field, count]) => ((held[field] as number | undefined) ?? 0) !== count);
  return changed.length === 0 ? null : changed.reduce((next, [field, count]) => withClicks(next, count, field), doc);
}

/** The clicks of entities over the popularity window now (EntityPopularity.clicksOf). */
export type ClicksOf = (entities: readonly EntityKey[]) => Promise<ReadonlyMap<EntityKey, number>>;

/** Catalog's names of these categories as the side state holds them (CategoryChanged, CategoryDeleted). */
export type CategoryNamesOf = (ids: readonly string[]) => Promise<ReadonlyMap<string, CategoryRecord>>;

export interface EntityWriterOptions {
  readonly rebuild?: boolean;
  readonly clicksOf?: ClicksOf;
  /** Where category documents take catalog's names of them and their ancestors from; none: the product event's names. */
  readonly categoryNamesOf?: CategoryNamesOf;
}

/**
 * The brand, category and completion indices, derived from catalog's product events (brand refs
 * and breadcrumbs carry names and catalog's product counts: no call back to catalog) and the
 * categories' names per language from its category events, and the shop index from offers' shop
 * events. Every brand, category and shop document it writes holds
 * the entity's clicks as the counts have them then (`clicksOf`), so that no copy of a document
 * held here or by another replica writes an old count back.
 */
export class EntityWriter implements PopularityWriter {
  private readonly brands: EntityCache<BrandDocument>;
  private readonly categories: EntityCache<CategoryDocument>;
  /** Brands a rebuild has seen a product of (see `forRebuild`); null: a brand's categories only grow. */
  private readonly rebuiltBrands: Set<string> | null;
  private readonly clicksOf: ClicksOf | null;
  private readonly categoryNamesOf: CategoryNamesOf | null;
  /**
   * Its writes of brand, category and shop documents take turns: a popularity write reads a
   * document and writes it back, which must not undo a change written in between.
   */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly indices: SearchIndices,
    options: EntityWriterOptions = {},
  ) {
    this.brands = new EntityCache(indices.brands);
    this.categories = new EntityCache(indices.categories);
    this.rebuiltBrands = options.rebuild ? new Set() : null;
    this.clicksOf = options.clicksOf ?? null;
    this.categoryNamesOf = options.categoryNamesOf ?? null;
  }

  /**
   * The writer of a rebuild that passes every product once: a brand's categories start over at
   * its first product (name, count and creation time are kept), so they become those of its
   * products again instead of only growing.
   */
  static forRebuild(indices: SearchIndices, options: Omit<EntityWriterOptions, 'rebuild'> = {}): EntityWriter {
    return new EntityWriter(indices, { ...options, rebuild: true });
  }

  /** A rebuild's writer (`forRebuild`) that counts clicks and names categories as this one does. */
  forRebuild(): EntityWriter {
    return EntityWriter.forRebuild(this.indices, {
      ...(this.clicksOf ? { clicksOf: this.clicksOf } : {}),
      ...(this.categoryNamesOf ? { categoryNamesOf: this.categoryNamesOf } : {}),
    });
  }

  /** Forgets every brand and category document held (another writer rewrote them). */
  forgetAll(): void {
    this.brands.clear();
    this.categories.clear();
  }

  async writeProducts(products: readonly ProductRecord[]): Promise<void> {
    if (products.length === 0) return;
    await Promise.all([
      this.inTurn(() => Promise.all([this.writeBrands(products), this.writeCategories(products)])),
      this.writeCompletions(products),
    ]);
  }

  /**
   * Names the categories' documents as catalog's category events last told (the side state's
   * records), read again from the index first: a category no product named yet has no document
   * (its first product names it from the side state); a deleted category's document goes. With
   * `descendants` (an event's records), the documents below these categories take their
   * ancestors' new names too (a rebuild, which derives every document from the side state, needs
   * not look for them).
   */
  async writeCategoryNames(
    records: readonly CategoryRecord[],
    options: { readonly descendants?: boolean } = {},
  ): Promise<void> {
    if (records.length === 0) return;
    await this.inTurn(async () => {
      const given = new Map(records.map((record) => [record._id, record]));
      const deletedIds = records.filter((record) => record.deleted).map((record) => record._id);
      const ids = records.map((record) => record._id);
      const below = options.descendants ? await categoriesBelow(this.indices.categories, ids) : [];
      const named = [...new Set([...ids, ...below])].filter((id) => !given.get(id)?.deleted);
      for (let start = 0; start < named.length; start += NAMED_PER_WRITE) {
        const chunk = named.slice(start, start + NAMED_PER_WRITE);
        this.categories.forget(chunk);
        await this.categories.load(chunk);
        const docs = chunk.flatMap((id) => this.categories.held(id) ?? []);
        const names = await this.namesOf(docs, given);
        await this.writeThrough(
          this.categories,
          docs.flatMap((doc) => withCategoryNames(doc, names) ?? []),
        );
      }
      if (deletedIds.length === 0) return;
      this.categories.forget(deletedIds);
      await this.categories.load(deletedIds);
      const deleted = deletedIds.filter((id) => this.categories.held(id) !== null);
      this.categories.forget(deletedIds);
      if (deleted.length > 0) await this.indices.categories.delete(deleted);
    });
  }

  /**
   * Derives these categories' documents again as this release does (ADR 141: documents an older
   * one wrote): read again from the index, named from the side state's records of them and their
   * ancestors, and written where that changes them, unless a document changed since it was read
   * (another replica's event wrote it, derived as its release derives): that one is kept. Returns
   * how many were written.
   */
  async deriveCategoriesAgain(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    return this.inTurn(async () => {
      this.categories.forget(ids);
      await this.categories.load(ids);
      const read = ids.flatMap((id) => this.categories.held(id) ?? []);
      const named = await this.namesOf(read, new Map());
      const derived = read.flatMap((doc) => withCategoryNames(doc, named) ?? []);
      // Read once more just before writing: a document another replica wrote since is kept.
      const now = await Promise.all(derived.map((doc) => this.indices.categories.get(doc.id)));
      const unchanged = derived.filter(
        (doc, i) => JSON.stringify(now[i]) === JSON.stringify(this.categories.held(doc.id)),
      );
      this.categories.forget(derived.filter((doc) => !unchanged.includes(doc)).map((doc) => doc.id));
      await this.writeThrough(this.categories, unchanged);
      await this.renameWritten(unchanged.map((doc) => doc.id));
      return unchanged.length;
    });
  }

  async writeShops(shops: readonly ShopRecord[]): Promise<void> {
    if (shops.length === 0) return;
    await this.inTurn(async () => {
      const listed = await this.counted(
        'shop',
        shops.flatMap((shop) => shopDocument(shop) ?? []),
      );
      const unlisted = shops.filter((shop) => shopDocument(shop) === null).map((shop) => shop._id);
      if (listed.length > 0) await this.indices.shops.upsert(listed);
      if (unlisted.length > 0) await this.indices.shops.delete(unlisted);
    });
  }

  /**
   * Sets the clicks of these entities in their documents, read again from the index first (not
   * from the copies held: another replica may have changed them since); an entity without a
   * document (not listed, or not seen yet) is skipped: its document gets its clicks when written.
   */
  async writePopularity(clicks: ReadonlyMap<EntityKey, number>): Promise<void> {
    const ids: Record<PopularKind, Map<string, Map<string, number>>> = {
      brand: new Map(),
      category: new Map(),
      shop: new Map(),
    };
    for (const [key, count] of clicks) {
      const entity = parseEntityKey(key);
      if (!entity) continue;
      const fields = ids[entity.kind].get(entity.id) ?? new Map<string, number>();
      fields.set(clicksField(entity.country), count);
      ids[entity.kind].set(entity.id, fields);
    }
    await this.inTurn(() =>
      Promise.all([
        this.writeHeldClicks(this.brands, ids.brand),
        this.writeHeldClicks(this.categories, ids.category),
        this.writeShopClicks(ids.shop),
      ]),
    );
  }

  private async writeHeldClicks<D extends BrandDocument | CategoryDocument>(
    cache: EntityCache<D>,
    clicks: ReadonlyMap<string, FieldClicks>,
  ): Promise<void> {
    if (clicks.size === 0) return;
    cache.forget(clicks.keys());
    await cache.load(clicks.keys());
    const changed = [...clicks].flatMap(([id, fields]) => {
      const held = cache.held(id);
      const next = held && withFieldClicks(held, fields);
      return next ? [next] : [];
    });
    await this.writeThrough(cache, changed);
  }

  private async writeShopClicks(clicks: ReadonlyMap<string, FieldClicks>): Promise<void> {
    if (clicks.size === 0) return;
    const held = await Promise.all([...clicks.keys()].map((id) => this.indices.shops.get(id)));
    const changed = held.flatMap((doc) => {
      const next = doc && withFieldClicks(doc, clicks.get(doc.id) ?? new Map());
      return next ? [next] : [];
    });
    if (changed.length > 0) await this.indices.shops.upsert(changed);
  }

  /** The documents with their entities' clicks now, all and per country (as they are without a count to read). */
  private async counted<D extends BrandDocument | CategoryDocument | ShopDocument>(
    kind: PopularKind,
    docs: readonly D[],
  ): Promise<D[]> {
    if (this.clicksOf === null || docs.length === 0) return [...docs];
    const clicks = await this.clicksOf(docs.flatMap((doc) => keysOfEntity(kind, doc.id)));
    return docs.map((doc) =>
      keysOfEntity(kind, doc.id).reduce(
        (counted, key) => withClicks(counted, clicks.get(key) ?? 0, clicksField(parseEntityKey(key)?.country ?? null)),
        doc,
      ),
    );
  }

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const result = this.turn.then(work);
    this.turn = result.catch(() => undefined);
    return result;
  }

  private async writeBrands(products: readonly ProductRecord[]): Promise<void> {
    const withBrand = products.filter((product) => product.brand !== null);
    await this.brands.load(withBrand.map((product) => product.brand?.slug ?? ''));
    const changed = new Map<string, BrandDocument>();
    for (const product of withBrand) {
      const slug = product.brand?.slug ?? '';
      const startOver = changed.has(slug) ? null : this.startOver(slug);
      if (startOver !== null) changed.set(slug, startOver);
      const next = mergeBrand(changed.get(slug) ?? this.brands.held(slug), product);
      if (next !== null) changed.set(slug, next);
    }
    await this.writeThrough(this.brands, await this.counted('brand', [...changed.values()]));
  }

  /** A rebuild's first sight of a brand with categories: the brand without them, to be written. */
  private startOver(slug: string): BrandDocument | null {
    if (this.rebuiltBrands === null || this.rebuiltBrands.has(slug)) return null;
    this.rebuiltBrands.add(slug);
    const held = this.brands.held(slug);
    return held !== null && held.category_ids.length > 0 ? { ...held, category_ids: [] } : null;
  }

  private async writeCategories(products: readonly ProductRecord[]): Promise<void> {
    const ids = [...new Set(products.flatMap((product) => product.categoryPath.map((step) => step.id)))];
    await this.categories.load(ids);
    const records = await this.recordsOf(ids.filter((id) => id !== ''));
    const changed = new Map<string, CategoryDocument>();
    for (const product of products) {
      const docs = mergeCategories(
        product,
        (id) => changed.get(id) ?? this.categories.held(id),
        (id) => records.get(id) ?? null,
      );
      for (const doc of docs) changed.set(doc.id, doc);
    }
    await this.writeThrough(this.categories, await this.counted('category', [...changed.values()]));
    await this.renameWritten([...changed.keys()]);
  }

  /**
   * Names the documents just written again while catalog's names of them or their ancestors
   * changed since they were read, and removes those of categories deleted after their products'
   * events: a category event applied by another replica in between found no document to name or
   * remove, or named the one this write replaced. Reading after the write, one of the two sees the
   * other's write.
   */
  private async renameWritten(ids: readonly string[]): Promise<void> {
    let pending = ids;
    for (let round = 0; round < RENAME_ROUNDS && pending.length > 0 && this.categoryNamesOf; round++) {
      const docs = pending.flatMap((id) => this.categories.held(id) ?? []);
      const named = await this.namesOf(docs, new Map());
      const gone = docs.filter((doc) => {
        const record = named(doc.id);
        return record !== null && record.deleted && record.deletedAt >= doc.count_at;
      });
      if (gone.length > 0) {
        const goneIds = gone.map((doc) => doc.id);
        this.categories.forget(goneIds);
        await this.indices.categories.delete(goneIds);
      }
      const renamed = docs.flatMap((doc) => (gone.includes(doc) ? [] : (withCategoryNames(doc, named) ?? [])));
      await this.writeThrough(this.categories, renamed);
      pending = renamed.map((doc) => doc.id);
    }
  }

  /** The side state's records of these documents' categories and their ancestors; `given` where it holds none. */
  private async namesOf(
    docs: readonly CategoryDocument[],
    given: ReadonlyMap<string, CategoryRecord>,
  ): Promise<NamedBy> {
    const ids = [...new Set(docs.flatMap((doc) => [doc.id, ...(doc.path_ids ?? [])]))];
    const read = await this.recordsOf(ids);
    return (id) => read.get(id) ?? given.get(id) ?? null;
  }

  private async recordsOf(ids: readonly string[]): Promise<ReadonlyMap<string, CategoryRecord>> {
    return this.categoryNamesOf && ids.length > 0 ? this.categoryNamesOf(ids) : new Map();
  }

  private async writeCompletions(products: readonly ProductRecord[]): Promise<void> {
    const changes = products.map(completionChanges);
    const upserts = changes.flatMap((change) => change.upserts);
    const deletes = changes.flatMap((change) => change.deletes);
    if (upserts.length > 0) await this.indices.completions.upsert(upserts);
    if (deletes.length > 0) await this.indices.completions.delete(deletes);
  }

  private async writeThrough<D extends BrandDocument | CategoryDocument>(
    cache: EntityCache<D>,
    docs: D[],
  ): Promise<void> {
    try {
      await cache.write(docs);
    } catch (error) {
      cache.forget(docs.map((doc) => doc.id));
      throw error;
    }
  }
}
