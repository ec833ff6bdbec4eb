import type { Collection, DocumentStore, Filter, Stored } from '@pc/kit/ports/document-store';
import type { Page } from '@pc/kit/paging/page';
import type { BrandRecord } from '../domain/brand.js';

export type BrandSort = 'name' | 'productsCount';

/** Brands, addressed by id and by their unique slug. */
export class BrandRepository {
  private constructor(private readonly brands: Collection<BrandRecord>) {}

  static async open(store: DocumentStore): Promise<BrandRepository> {
    const brands = await store.collection<BrandRecord>({
      name: 'brands',
      indexes: [{ fields: ['slug'], unique: true }, { fields: ['sortName'] }, { fields: ['productsCount'] }],
    });
    return new BrandRepository(brands);
  }

  get(id: string): Promise<Stored<BrandRecord> | null> {
    return this.brands.get(id);
  }

  async getBySlug(slug: string): Promise<Stored<BrandRecord> | null> {
    const [brand] = await this.brands.find({ slug }, { limit: 1 });
    return brand ?? null;
  }

  async list(
    options: { namePrefix: string; minProducts: number; sort: BrandSort },
    page: Page,
  ): Promise<{ items: Stored<BrandRecord>[]; total: number }> {
    const prefix = options.namePrefix.toLowerCase();
    const filter: Record<string, Filter[string]> = {};
    // '#' lists names starting with a digit or symbol; a prefix is a range on the lower-cased
    // name: [prefix, prefix + the highest code point).
    if (prefix === '#') filter.sortName = { $lt: 'a' };
    else if (prefix) filter.sortName = { $gte: prefix, $lt: `${prefix}\u{10FFFF}` };
    if (options.minProducts > 0) filter.productsCount = { $gte: options.minProducts };
    const order: Record<string, 1 | -1> = options.sort === 'productsCount' ? { productsCount: -1 } : { sortName: 1 };
    const [items, total] = await Promise.all([
      this.brands.find(filter, { sort: order, skip: page.skip, limit: page.hitsPerPage }),
      this.brands.count(filter),
    ]);
    return { items, total };
  }
}
