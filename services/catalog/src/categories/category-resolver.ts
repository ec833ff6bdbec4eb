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

/** Resolved categories kept in memory: the leaf's id only, its path is read from the leaf, so a
 *  category moved by UpdateCategory (here or in another replica) never leaves a stale path. */
const MAX_CACHED_LEAVES = 50_000;

/**
 * Finds or creates the category of an offer, keyed by Google product taxonomy id: the offer's id
 * (a feed's google_product_category), or the id of its category path when the taxonomy writes that
 * path in the offer's language (a page's breadcrumbs). The category and its ancestors get the names
 * of every language the taxonomy has (Google's files or the built-in list), so the tree is one tree
 * whatever language the shops write in. A path outside the taxonomy makes a category in its
 * language; an offer with neither id nor path (a page's) leaves its product uncategorised (an
 * existing product keeps its category). A category is created with an id derived from its parent and
 * slug, so concurrent creators write one document; an existing sibling with the same slug is reused
 * (and given the missing names and id).
 */
export class CategoryResolver {
  private readonly leaves = new Map<string, string>();

  constructor(
    private readonly categories: CategoryRepository,
    private readonly taxonomy: () => Promise<GoogleTaxonomy>,
  ) {}

  /** Root-first ids ending with the offer's category; [] when the offer names none. */
  async resolve(source: CategorySource): Promise<readonly string[]> {
    const taxonomy = await this.taxonomy();
    const byId = source.googleCategoryId > 0 ? taxonomy.pathTo(source.googleCategoryId) : [];
    // An id the taxonomy lacks (newer than its files, or a typo) still lets the path name it.
    const googleId =
      byId.length > 0 ? source.googleCategoryId : (taxonomy.idOfPath(source.language, source.categoryPath) ?? 0);
    if (googleId > 0) return this.cached(`g:${googleId}`, () => this.fromTaxonomy(taxonomy.pathTo(googleId)));
    if (source.categoryPath.length === 0) return [];
    // A shop's own path outside the taxonomy: a category named in that language, which staff can
    // map to a Google id (and name in the other languages) in the shopping panel.
    return this.cached(`p:${source.language}:${source.categoryPath.join(' > ')}`, () =>
      this.fromPath(source.categoryPath, source.language),
    );
  }

  /** The path as the tree holds it now: the leaf's own ancestors (a moved category's new ones). */
  private async cached(key: string, resolve: () => Promise<readonly string[]>): Promise<readonly string[]> {
    let leafId = this.leaves.get(key);
    if (!leafId) {
      leafId = (await resolve()).at(-1);
      if (!leafId) return [];
      if (this.leaves.size >= MAX_CACHED_LEAVES) this.leaves.clear();
      this.leaves.set(key, leafId);
    }
    const leaf = await this.categories.get(leafId);
    if (leaf) return [...leaf.ancestorIds, leaf._id];
    // Deleted by staff since: resolved (and created) again on the next offer that names it.
    this.leaves.delete(key);
    return [];
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
  private async findOrCreate(
    ancestorIds: readonly string[],
    texts: Readonly<Record<string, CategoryText>>,
    slug: string,
    googleId: number,
  ): Promise<string> {
    const parentId = ancestorIds[ancestorIds.length - 1] ?? '';
    const siblings = await this.categories.childrenOf([parentId]);
    const same = siblings.find(
      (sibling) =>
        namesCategory(sibling, texts, slug) &&
        (googleId === 0 || sibling.googleProductCategoryId === 0 || sibling.googleProductCategoryId === googleId),
    );
    if (same) {
      if (withMissingTexts(same, texts, googleId))
        await this.categories.update(same._id, (current) => current && withMissingTexts(current, texts, googleId));
      return same._id;
    }
    const id = categoryIdFor(parentId, slug);
    const created = await this.categories.insertIfAbsent(
      newCategory(id, ancestorIds, texts, googleId, new Date().toISOString()),
    );
    // Created meanwhile by a concurrent resolver: the same id names the same category.
    if (!created) await this.categories.update(id, (current) => current && withMissingTexts(current, texts, googleId));
    return id;
  }
}
