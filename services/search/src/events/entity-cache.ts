import type { SearchDocument, SearchIndexHandle } from '@pc/kit/ports/search-index';

/** Enough for every brand and category of a large catalogue; beyond it the cache starts over. */
const MAX_ENTRIES = 100_000;

/**
 * The brand or category documents this process last wrote, so that the many products of one
 * brand do not each read and rewrite the brand's document. A miss reads the index (`get` is
 * real-time on both adapters), so a restart or another replica's write is picked up.
 */
export class EntityCache<D extends SearchDocument> {
  private readonly docs = new Map<string, D | null>();

  constructor(private readonly index: SearchIndexHandle<D>) {}

  /** Loads the documents of `ids` that are not cached yet. */
  async load(ids: Iterable<string>): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.docs.has(id));
    const found = await Promise.all(missing.map((id) => this.index.get(id)));
    if (this.docs.size + missing.length > MAX_ENTRIES) this.docs.clear();
    missing.forEach((id, i) => this.docs.set(id, found[i] ?? null));
  }

  /** The cached document; call `load` first. */
  held(id: string): D | null {
    return this.docs.get(id) ?? null;
  }

  /** Writes changed documents and remembers them once written. */
  async write(changed: readonly D[]): Promise<void> {
    if (changed.length === 0) return;
    await this.index.upsert(changed);
    for (const doc of changed) this.docs.set(doc.id, doc);
  }

  /** Forgets documents whose write may have failed half-way. */
  forget(ids: Iterable<string>): void {
    for (const id of ids) this.docs.delete(id);
  }

  /** Forgets every document (another writer rewrote the index). */
  clear(): void {
    this.docs.clear();
  }
}
