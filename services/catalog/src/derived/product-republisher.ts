import { FALLBACK_LANGUAGE, resolveLanguage } from '../domain/localized.js';
import { productSlug } from '../domain/new-product.js';
import type { ProductChange, ProductRecord } from '../domain/product.js';
import type { ProductChangeWriter } from '../product-edits/product-change-writer.js';
import type { BrandRepository } from '../store/brand-repository.js';
import type { CategoryRepository } from '../store/category-repository.js';
import type { ProductRepository, StoredProduct } from '../store/product-repository.js';

const PAGE = 200;

/**
 * Rewrites the products whose view follows a brand or a category (their BrandRef, slug,
 * breadcrumbs and category path) after a rename or a move, and emits their ProductChanged again,
 * so search and every other reader of the events sees the new names. Products of every status (a
 * hidden one may be shown again). Page by page in id order; redoing it only re-emits.
 */
export class ProductRepublisher {
  constructor(
    private readonly products: ProductRepository,
    private readonly brands: BrandRepository,
    private readonly categories: CategoryRepository,
    private readonly writer: ProductChangeWriter,
  ) {}

  async brand(brandId: string): Promise<void> {
    const brand = await this.brands.get(brandId);
    if (!brand) return;
    await this.each({ brandId }, (product, now) => {
      const slug = productSlug(brand.name, resolveLanguage(product.texts, FALLBACK_LANGUAGE)?.name ?? '');
      return {
        product: { ...product, slug, updatedAt: now },
        changedFields: slug === product.slug ? ['brand'] : ['brand', 'slug'],
      };
    });
  }

  /** The products of a category's subtree (whose descendants already have their new ancestors). */
  async categorySubtree(categoryId: string): Promise<void> {
    const categoryIds = [categoryId, ...(await this.categories.descendantIds(categoryId))];
    const paths = new Map(
      [...(await this.categories.getMany(categoryIds)).values()].map((c) => [c._id, [...c.ancestorIds, c._id]]),
    );
    await this.each({ categoryIds }, (product, now) => ({
      product: {
        ...product,
        categoryPathIds: paths.get(product.categoryId) ?? product.categoryPathIds,
        updatedAt: now,
      },
      changedFields: ['category', 'breadcrumbs'],
    }));
  }

  private async each(
    by: { brandId: string } | { categoryIds: readonly string[] },
    change: (product: ProductRecord, now: string) => ProductChange,
  ): Promise<void> {
    let afterId = '';
    for (;;) {
      const page = await this.products.pageOf(by, afterId, PAGE);
      if (page.length === 0) return;
      const now = new Date().toISOString();
      const written: StoredProduct[] = [];
      for (const product of page) {
        const stored = await this.writer.write(product, change(product, now), { flush: false });
        // Written meanwhile (a review, an offer): recomputed from the fresh product and published at once.
        if (stored) written.push(stored);
        else await this.writer.apply(product._id, (current) => change(current, now));
      }
      await this.writer.flushAll(written);
      afterId = page[page.length - 1]!._id;
    }
  }
}
