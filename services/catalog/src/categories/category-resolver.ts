import { categoryIdFor } from '../domain/ids.js';
import type { CategoryText } from '../domain/category.js';
import type { CategoryRepository } from '../store/category-repository.js';
import type { GoogleTaxonomy, TaxonomyNode } from '../taxonomy/google-taxonomy.js';
import { categoryTexts, namesCategory, newCategory, withMissingTexts } from './category-texts.js';

/** What of an offer says where it belongs. */
export interface CategorySource {
  readonly googleCategoryId: number;
  readonly categoryPath: readonly string[];
  readonly language: string;
}

/** Resolved paths kept in memory; categories are never deleted or moved by this service yet, so
 *  an entry never goes stale (UpdateCategory's move must clear it once it exists). */
const MAX_CACHED_PATHS = 50_000;

/**
 * Finds or creates the category of an offer: from its Google product taxonomy id (with the
 * names of every language the taxonomy has), else from its category path in its language. A
 * category is created with an id derived from its parent and slug, so concurrent creators write
 * one document; an existing sibling with the same slug is reused (and given the missing names).
 */
export class CategoryResolver {
  private readonly paths = new Map<string, readonly string[]>();

  constructor(
    private readonly categories: CategoryRepository,
    private readonly taxonomy: () => Promise<GoogleTaxonomy | null>,
  ) {}

  /** Root-first ids ending with the offer's category; [] when the offer says nothing usable. */
  async resolve(source: CategorySource): Promise<readonly string[]> {
    if (source.googleCategoryId > 0) {
      const nodes = (await this.taxonomy())?.pathTo(source.googleCategoryId) ?? [];
      if (nodes.length > 0) return this.cached(`g:${source.googleCategoryId}`, () => this.fromTaxonomy(nodes));
    }
    if (source.categoryPath.length === 0) return [];
    return this.cached(`p:${source.language}:${source.categoryPath.join(' > ')}`, () => this.fromPath(source.categoryPath, source.language));
  }

  private async cached(key: string, resolve: () => Promise<readonly string[]>): Promise<readonly string[]> {
    const hit = this.paths.get(key);
    if (hit) return hit;
    const path = await resolve();
    if (this.paths.size >= MAX_CACHED_PATHS) this.paths.clear();
    this.paths.set(key, path);
    return path;
  }

  private async fromTaxonomy(nodes: readonly TaxonomyNode[]): Promise<string[]> {
    const ids: string[] = [];
    for (const node of nodes) {
      const existing = await this.categories.findByGoogleId(node.id);
      if (existing) {
        ids.push(existing._id);
        continue;
      }
      const texts = categoryTexts(node.names);
      ids.push(await this.findOrCreate(ids, texts, texts.en?.slug ?? 'category', node.id));
    }
    return ids;
  }

  private async fromPath(names: readonly string[], language: string): Promise<string[]> {
    const ids: string[] = [];
    for (const name of names) {
      const texts = categoryTexts({ [language]: name });
      ids.push(await this.findOrCreate(ids, texts, texts[language]?.slug ?? 'category', 0));
    }
    return ids;
  }

  /** The child of the last of `ancestorIds` that `texts` name, created when there is none. */
  private async findOrCreate(ancestorIds: readonly string[], texts: Readonly<Record<string, CategoryText>>, slug: string, googleId: number): Promise<string> {
    const parentId = ancestorIds[ancestorIds.length - 1] ?? '';
    const siblings = await this.categories.childrenOf([parentId]);
    const same = siblings.find((sibling) => namesCategory(sibling, texts, slug) && (googleId === 0 || sibling.googleProductCategoryId === 0 || sibling.googleProductCategoryId === googleId));
    if (same) {
      if (withMissingTexts(same, texts, googleId)) await this.categories.update(same._id, (current) => current && withMissingTexts(current, texts, googleId));
      return same._id;
    }
    const id = categoryIdFor(parentId, slug);
    const created = await this.categories.insertIfAbsent(newCategory(id, ancestorIds, texts, googleId, new Date().toISOString()));
    // Created meanwhile by a concurrent resolver: the same id names the same category.
    if (!created) await this.categories.update(id, (current) => current && withMissingTexts(current, texts, googleId));
    return id;
  }
}
