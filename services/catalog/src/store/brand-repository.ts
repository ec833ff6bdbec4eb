import { AlreadyExistsError, ConflictError } from '@pc/kit/errors/domain-errors';
import type { Collection, DocumentStore, Filter, Stored } from '@pc/kit/ports/document-store';
import type { Page } from '@pc/kit/paging/page';
import type { BrandRecord } from '../domain/brand.js';
import { brandIdForKey } from '../domain/ids.js';
import { slugify } from '../domain/slug.js';

export type BrandSort = 'name' | 'productsCount';
export type StoredBrand = Stored<BrandRecord>;

/** Slug suffixes tried before giving up ("acme", "acme-2", … "acme-20"). */
const MAX_SLUG_ATTEMPTS = 20;

/** Brands, addressed by id, by their unique slug and by their unique matching key. */
export class BrandRepository {
  private constructor(private readonly brands: Collection<BrandRecord>) {}

  static async open(store: DocumentStore): Promise<BrandRepository> {
    const brands = await store.collection<BrandRecord>({
      name: 'brands',
      indexes: [
        { fields: ['slug'], unique: true },
        { fields: ['key'], unique: true },
        { fields: ['sortName'] },
        { fields: ['productsCount'] },
      ],
    });
    return new BrandRepository(brands);
  }

  get(id: string): Promise<StoredBrand | null> {
    return this.brands.get(id);
  }

  async getMany(ids: readonly string[]): Promise<Map<string, StoredBrand>> {
    const wanted = [...new Set(ids)].filter((id) => id !== '');
    if (wanted.length === 0) return new Map();
    return new Map((await this.brands.getMany(wanted)).map((brand) => [brand._id, brand]));
  }

  async getBySlug(slug: string): Promise<StoredBrand | null> {
    const [brand] = await this.brands.find({ slug }, { limit: 1 });
    return brand ?? null;
  }

  async findByKeys(keys: readonly string[]): Promise<Map<string, StoredBrand>> {
    const wanted = [...new Set(keys)].filter((key) => key !== '');
    if (wanted.length === 0) return new Map();
    return new Map((await this.brands.find({ key: { $in: wanted } })).map((brand) => [brand.key, brand]));
  }

  /**
   * The brand of a matching key, created on first use with the name as the shop wrote it and a
   * unique slug. The id derives from the key, so two racing creators write the same document
   * and the second finds the first's.
   */
  async ensure(name: string, key: string, now: string): Promise<StoredBrand> {
    const id = brandIdForKey(key);
    const base = slugify(name) || key;
    for (let attempt = 1; attempt <= MAX_SLUG_ATTEMPTS; attempt += 1) {
      const existing = (await this.findByKeys([key])).get(key);
      if (existing) return existing;
      const slug = attempt === 1 ? base : `${base}-${attempt}`;
      try {
        return await this.brands.put(newBrand(id, name, key, slug, now), { expectedVersion: 0 });
      } catch (error) {
        if (error instanceof ConflictError || error instanceof AlreadyExistsError) continue; // created meanwhile, or slug taken
        throw error;
      }
    }
    throw new AlreadyExistsError(`brand ${name}: no free slug after ${MAX_SLUG_ATTEMPTS} attempts`);
  }

  /** Writes `next` if the brand is still at `expectedVersion`; false when another write came first. */
  async replaceIfUnchanged(next: BrandRecord, expectedVersion: number): Promise<boolean> {
    try {
      await this.brands.put(next, { expectedVersion });
      return true;
    } catch (error) {
      if (error instanceof ConflictError) return false;
      throw error;
    }
  }

  async list(
    options: { namePrefix: string; minProducts: number; sort: BrandSort },
    page: Page,
  ): Promise<{ items: StoredBrand[]; total: number }> {
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

function newBrand(id: string, name: string, key: string, slug: string, now: string): BrandRecord {
  return {
    _id: id,
    slug,
    name,
    key,
    sortName: name.toLowerCase(),
    descriptions: {},
    logoUrl: '',
    homepageUrl: '',
    productsCount: 0,
    createdAt: now,
    updatedAt: now,
  };
}
