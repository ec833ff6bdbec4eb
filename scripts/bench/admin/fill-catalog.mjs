// Writes N products (and their brands) straight into a catalog store, through the catalog's own
// repositories (built dist), so the catalog started on it serves them as if matched from offers.
import { join } from 'node:path';
import { existsSync, mkdirSync } from 'node:fs';

const BATCH = 5_000;

export async function fillCatalog(root, dataDir, { products, brands }) {
  const { openEmbeddedDocumentStore } = await import(
    join(root, 'services/engines/sqlite-document-store/dist/embedded-document-store.js')
  );
  const { ProductRepository } = await import(join(root, 'services/catalog/dist/store/product-repository.js'));
  const { BrandRepository } = await import(join(root, 'services/catalog/dist/store/brand-repository.js'));
  mkdirSync(join(dataDir, 'catalog'), { recursive: true });
  const path = join(dataDir, 'catalog', 'documents.sqlite');
  const fresh = !existsSync(path);
  const store = await openEmbeddedDocumentStore({ path });
  const productRepo = await ProductRepository.open(store);
  const brandRepo = await BrandRepository.open(store);
  const have = await productRepo.collection.count({});
  if (!fresh && have >= products) {
    await store.close();
    return { reused: true, products: have };
  }
  const t0 = Date.now();
  const day = Date.parse('2026-01-01T00:00:00Z');
  const brandDocs = Array.from({ length: brands }, (_, b) => {
    const name = `Brand ${String(b).padStart(4, '0')}`;
    return {
      _id: `b_bench${String(b).padStart(5, '0')}`,
      slug: `brand-${String(b).padStart(4, '0')}`,
      name,
      key: name.toLowerCase(),
      sortName: name.toLowerCase(),
      descriptions: {},
      logoUrl: '',
      homepageUrl: '',
      productsCount: Math.ceil(products / brands),
      createdAt: new Date(day).toISOString(),
      updatedAt: new Date(day).toISOString(),
    };
  });
  await brandRepo.brands.bulkPut(brandDocs); // private in TypeScript only: the same collection
  const words = ['espresso', 'machine', 'kettle', 'toaster', 'grinder', 'blender', 'mixer', 'scale', 'lamp', 'fan'];
  for (let start = have; start < products; start += BATCH) {
    const batch = [];
    for (let i = start; i < Math.min(products, start + BATCH); i += 1) {
      const brand = brandDocs[i % brands];
      const name = `${brand.name} ${words[i % words.length]} ${words[(i >> 3) % words.length]} ${i}`;
      const at = new Date(day + i * 1000).toISOString();
      batch.push({
        _id: `p_bench${String(i).padStart(8, '0')}`,
        slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        texts: { en: { name, description: `The ${name}, for the admin benchmark.` } },
        sortName: name.toLowerCase(),
        brandId: brand._id,
        categoryId: '',
        categoryPathIds: [],
        images: [],
        gtins: [],
        mpn: `MPN-${i}`,
        manufacturer: '',
        features: [],
        rating: null,
        status: i % 50 === 0 ? 'hidden' : 'active',
        mergedIntoProductId: '',
        origin: { kind: 'offer_match', shopId: 's_bench', shopOfferId: `o${i}` },
        createdAt: at,
        updatedAt: at,
      });
    }
    await productRepo.collection.bulkPut(batch);
    if ((start / BATCH) % 20 === 0) process.stdout.write(`    filled ${start + batch.length} products\n`);
  }
  await store.close();
  return { reused: false, products, seconds: (Date.now() - t0) / 1000 };
}
