// Multiplies the search service's side state of a seeded bench:core data dir, so search can be
// measured at 1,000,000 products without a 1,000,000-product seed (a 6–9 h job on the dev VM).
//
//   node scripts/bench/core/multiply-search-state.mjs <data-dir> <factor> [store-dir]
//
// store-dir: `search` (default), or the Elasticsearch copy's `search-<prefix>` (es-search.mjs).
//
// Copy k (1 ≤ k < factor) of every product gets the id `<id>-m<k>`, a product-line word appended to
// each of its names (so texts differ, as in a real catalog), a suffixed MPN and slug, and no GTIN
// (barcodes stay unique); its offers and price summary are copied with it. Brands, categories and
// shops stay as they are, so facets see the same values with more products each. Then start search
// once with SEARCH_REBUILD_ON_START=true to index everything (index-rebuild.ts).
//
// Only search's side state changes: catalog and offers keep the seeded size, so the BFF and ingest
// parts of bench:core do not describe the multiplied size. Stop the platform before running this.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

const LINE_WORDS = ['Plus', 'Pro', 'Max', 'Lite', 'Neo', 'Ultra', 'SE', 'Mini', 'Air', 'Prime', 'Edge', 'Sport', 'Eco', 'Duo', 'Go'];
const LANGUAGES = ['en', 'de', 'fr', 'it', 'es', 'pt'];

const [dataDir, factorArg, storeDir = 'search'] = process.argv.slice(2);
const factor = Number(factorArg);
const path = dataDir && join(dataDir, storeDir, 'documents.sqlite');
if (!path || !existsSync(path) || !Number.isInteger(factor) || factor < 2) {
  console.error('usage: node scripts/bench/core/multiply-search-state.mjs <seeded data dir> <factor ≥ 2> [store dir]');
  process.exit(2);
}

const db = new Database(path);
db.pragma('journal_mode = WAL');
const count = (kind) => db.prepare('SELECT count(*) FROM c_sources WHERE _id >= ? AND _id < ?').pluck().get(`${kind}:`, `${kind};`);
const before = { products: count('product'), offers: count('offer'), prices: count('price') };
if (db.prepare("SELECT 1 FROM c_sources WHERE _id LIKE 'product:%-m1' LIMIT 1").get()) {
  console.error(`${path} is multiplied already`);
  process.exit(2);
}
console.log(`multiplying ${path}: ${before.products} products, ${before.offers} offers, ${before.prices} price summaries, ×${factor}`);

// The rows that exist now are the originals; every copy is made from them alone. The copies
// scan by rowid (`+_id` keeps SQLite off the _id index), so each costs the same however many
// copies exist already.
const lastOriginal = db.prepare('SELECT max(rowid) FROM c_sources').pluck().get();
const startedAt = Date.now();
for (let k = 1; k < factor; k++) {
  const word = LINE_WORDS[(k - 1) % LINE_WORDS.length] + (k > LINE_WORDS.length ? ` ${Math.ceil(k / LINE_WORDS.length)}` : '');
  const names = LANGUAGES.map((language) => `'$.names.${language}', json_extract(doc, '$.names.${language}') || ' ${word}'`).join(', ');
  db.transaction(() => {
    db.prepare(
      `INSERT INTO c_sources (_id, version, doc, "x:productId")
       SELECT _id || '-m${k}', version,
         json_set(doc, ${names}, '$.slug', json_extract(doc, '$.slug') || '-${k}',
           '$.mpn', CASE WHEN json_extract(doc, '$.mpn') = '' THEN '' ELSE json_extract(doc, '$.mpn') || '-${k}' END,
           '$.gtins', json('[]'), '$.displayGtin', ''),
         "x:productId"
       FROM c_sources WHERE rowid <= ${lastOriginal} AND +_id >= 'product:' AND +_id < 'product;'`,
    ).run();
    db.prepare(
      `INSERT INTO c_sources (_id, version, doc, "x:productId")
       SELECT _id || '-m${k}', version, json_set(doc, '$.productId', json_extract(doc, '$.productId') || '-m${k}'), "x:productId" || '-m${k}'
       FROM c_sources WHERE rowid <= ${lastOriginal} AND +_id >= 'offer:' AND +_id < 'offer;'`,
    ).run();
    db.prepare(
      `INSERT INTO c_sources (_id, version, doc, "x:productId")
       SELECT _id || '-m${k}', version, doc, "x:productId"
       FROM c_sources WHERE rowid <= ${lastOriginal} AND +_id >= 'price:' AND +_id < 'price;'`,
    ).run();
  })();
  console.log(`  copy ${k} of ${factor - 1} ("${word}") after ${Math.round((Date.now() - startedAt) / 1000)} s`);
}
console.log(`now ${count('product')} products, ${count('offer')} offers, ${count('price')} price summaries (${Math.round((Date.now() - startedAt) / 1000)} s)`);
db.close();
