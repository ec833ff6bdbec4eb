// Multiplies a seeded bench:core data dir into one of the issue's size (1,000,000 products and
// 5,000,000 offers) without a seed of that size, which takes the real ingest path 6–9 h on the
// 2-core dev VM (docs/benchmarks.md). The platform must be stopped.
//
//   node scripts/bench/core/multiply-platform.mjs <seeded data dir> <factor ≥ 2> [--parts offers,catalog,search]
//
// `--parts` multiplies only those stores, so two runs can share the two cores (`catalog`, the
// longest, in one and `offers` or `offers,search` in the other). The data dir is marked multiplied
// by a run of every part afterwards, which skips what the others did (and keeps a search index
// rebuilt meanwhile, e.g. by starting the search service alone once its part was done). The parts
// done so far are kept in `.multiplying.json`: once offers and catalog are, `bench:core --only bff`
// can measure the dir (the search index is still the seed's, so the platform starts in seconds
// rather than after the rebuild below); search and ingest need every part.
//
// Copy k (1 ≤ k < factor) of every product gets the id `<id>-m<k>`, a product-line word appended
// to each of its names (so texts differ, as in a real catalog), a suffixed slug and MPN, and no
// GTIN (barcodes stay unique). Every offer of the product is copied with it as another item of the
// same shop (`<shop offer id>-m<k>`, so its offer id is what offers derives for that item and a
// crawl of it takes the real ingest path), with its price history and the product's price
// summaries. Catalog gets the copies' MPN claims and title keys (derived by catalog's own code),
// offer links and reviews; brands and categories count ×factor. Shops, brands, categories and FX
// rates stay as they are, so facets see the same values with more products each.
//
// Search's side state (and an Elasticsearch copy's, `search-<prefix>`) is multiplied the same way,
// and its indices are dropped: the next start rebuilds them from the side state (index-rebuild.ts;
// ~30 min at 1M products). The event log is not touched: every consumer has read it already.
//
// At ×217 of a 5,000-product seed this writes ~60 M rows (~50 GB). Each table's secondary indices
// are dropped before its copies and built again after them (sorted, one pass per index), and each
// copy's rows go in key order: a random insert per row into indices larger than the caches made the
// products and their title keys take over 2 h. Each copy of a table is one transaction and the
// originals' extent (and the dropped indices' SQL) is kept in `.multiplying.json`, so a run that
// stopped goes on where it was when started again.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { copyId, DONE_FILE, PROGRESS_FILE } from './multiplication.mjs';

const root = resolve(import.meta.dirname, '..', '..', '..');
const require = createRequire(import.meta.url);
const dist = (path) => {
  const file = join(root, path);
  if (!existsSync(file)) throw new Error(`${path} is missing: run \`npm run build:ts\` first`);
  return require(file);
};
const { offerIdOf, locationIdOf } = dist('services/offers/dist/domain/offer-record.js');
const { titleKeyRecords } = dist('services/catalog/dist/derived/title-keys.js');

const LINE_WORDS = [
  'Plus',
  'Pro',
  'Max',
  'Lite',
  'Neo',
  'Ultra',
  'SE',
  'Mini',
  'Air',
  'Prime',
  'Edge',
  'Sport',
  'Eco',
  'Duo',
  'Go',
];

const PARTS = ['offers', 'catalog', 'search'];
const [dataDirArg, factorArg, partsFlag, partsArg] = process.argv.slice(2);
const factor = Number(factorArg);
const dataDir = dataDirArg && resolve(dataDirArg);
const parts = partsFlag === '--parts' ? (partsArg ?? '').split(',') : PARTS;
const storePath = (dir) => join(dataDir, dir, 'documents.sqlite');
const badParts = (partsFlag !== undefined && partsFlag !== '--parts') || !parts.every((part) => PARTS.includes(part));
if (
  !dataDir ||
  !existsSync(storePath('catalog')) ||
  !existsSync(storePath('offers')) ||
  !Number.isInteger(factor) ||
  factor < 2 ||
  badParts
) {
  console.error(
    'usage: node scripts/bench/core/multiply-platform.mjs <seeded data dir> <factor ≥ 2> [--parts offers,catalog,search]',
  );
  process.exit(2);
}
const everyPart = PARTS.every((part) => parts.includes(part));
if (existsSync(join(dataDir, DONE_FILE))) {
  console.error(`${dataDir} is multiplied already (${readFileSync(join(dataDir, DONE_FILE), 'utf8').trim()})`);
  process.exit(2);
}
const searchDirs = readdirSync(dataDir).filter(
  (name) => (name === 'search' || name.startsWith('search-')) && existsSync(storePath(name)),
);
const progress = readProgress();

/** Copy k's product-line word: Plus … Go, then "Plus 2" … */
const lineWord = (k) =>
  LINE_WORDS[(k - 1) % LINE_WORDS.length] + (k > LINE_WORDS.length ? ` ${Math.ceil(k / LINE_WORDS.length)}` : '');
/**
 * Copy k's MPN. The letters around k keep MPN keys (letters and digits only) apart: with a bare
 * `-k`, "AB-1" copy 11 and "AB-11" copy 1 would both be "AB111".
 */
const copyMpn = (mpn, k) => (mpn ? `${mpn}-M${k}X` : '');
const copyMpnKey = (key, k) => `${key}M${k}X`;

/** How far each table's originals go: copies are appended after them. Kept for a run that resumes. */
function readProgress() {
  const file = join(dataDir, PROGRESS_FILE);
  if (existsSync(file)) {
    const saved = savedProgress();
    if (saved.factor !== factor)
      throw new Error(`${dataDir} was being multiplied ×${saved.factor}: go on with that factor`);
    console.log(`going on with the multiplication ×${factor} started on ${saved.startedAt}`);
    return saved;
  }
  const lastRowids = {};
  for (const dir of ['catalog', 'offers', ...searchDirs]) {
    const db = new Database(storePath(dir), { readonly: true });
    for (const { name } of db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'c\\_%' ESCAPE '\\'")
      .all()) {
      lastRowids[`${dir}/${name}`] = db.prepare(`SELECT coalesce(max(rowid), 0) FROM ${name}`).pluck().get();
    }
    db.close();
  }
  const saved = { factor, startedAt: new Date().toISOString(), lastRowids, partsDone: [], droppedIndexes: {} };
  writeFileSync(file, `${JSON.stringify(saved, null, 2)}\n`);
  return saved;
}

/** The progress file as it is now (a progress file of an earlier version lacks the last two). */
function savedProgress() {
  return { partsDone: [], droppedIndexes: {}, ...JSON.parse(readFileSync(join(dataDir, PROGRESS_FILE), 'utf8')) };
}

/** Changes the progress file, read afresh: a run of other parts beside this one writes it too. */
function updateProgress(change) {
  const saved = savedProgress();
  change(saved);
  writeFileSync(join(dataDir, PROGRESS_FILE), `${JSON.stringify(saved, null, 2)}\n`);
  return saved;
}

/** A part asked for and not done by an earlier run (which another run may have been). */
const toDo = (part) => parts.includes(part) && !savedProgress().partsDone.includes(part);

/** Records a finished part, so run.mjs knows what the dir can measure before every part is done. */
const partDone = (part) =>
  updateProgress((saved) => {
    if (!saved.partsDone.includes(part)) saved.partsDone.push(part);
  });

/**
 * SQLite's page cache per store, in KiB: the tables' primary-key indices at 1M products (the
 * offers' history ~GBs) are read back for every k; two runs side by side take ~8 GiB of the VM's
 * 24 GiB and leave the rest to the OS page cache and other work.
 */
const CACHE_KIB = 4 * 1024 * 1024;

function open(dir) {
  const db = new Database(storePath(dir));
  db.pragma('journal_mode = WAL');
  // A fixture: a crash loses at most the transactions since the last checkpoint, and the run goes on from what is there.
  db.pragma('synchronous = OFF');
  db.pragma(`cache_size = -${CACHE_KIB}`);
  // CREATE INDEX sorts its keys: in memory rather than through temporary files.
  db.pragma('temp_store = MEMORY');
  return db;
}

/**
 * Runs `copy` with the secondary indices of `tables` dropped and builds them again afterwards: one
 * sorted build per index instead of a b-tree insert at a random place per row, which at 1M products
 * reads a page from disk for most rows once an index outgrows the caches. The dropped indices' SQL
 * is kept in the progress file first, so a run stopped meanwhile builds them when it goes on.
 */
function withoutSecondaryIndices(db, dir, tables, copy) {
  const hasStatistics = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").get() !== undefined;
  const statOf = hasStatistics && db.prepare('SELECT stat FROM sqlite_stat1 WHERE tbl = ? AND idx = ?').pluck();
  const dropped = {};
  for (const table of tables) {
    const key = `${dir}/${table}`;
    const saved = updateProgress((progress) => {
      progress.droppedIndexes[key] ??= db
        .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL")
        .all(table)
        .map((index) => ({ ...index, stat: hasStatistics ? statOf.get(table, index.name) : undefined }));
    });
    dropped[key] = saved.droppedIndexes[key];
    for (const { name } of dropped[key]) db.exec(`DROP INDEX IF EXISTS "${name}"`);
  }
  const result = copy();
  for (const table of tables) {
    const key = `${dir}/${table}`;
    const started = performance.now();
    for (const { name, sql, stat } of dropped[key]) {
      db.exec(sql);
      // Dropping an index deletes its planner statistics: the store's own (index-statistics.ts) go back.
      if (stat !== undefined)
        db.prepare('INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)').run(table, name, stat);
    }
    updateProgress((progress) => delete progress.droppedIndexes[key]);
    console.log(
      `  ${key}: ${dropped[key].length} indices built in ${Math.round((performance.now() - started) / 1000)} s`,
    );
  }
  return result;
}

/** The original rows, with every column: index columns are copied or remapped. */
function originals(db, dir, table) {
  const last = progress.lastRowids[`${dir}/${table}`] ?? 0;
  const rows = db.prepare(`SELECT * FROM ${table} WHERE rowid <= ?`).all(last);
  const pending = rows.filter((row) => row.side !== null).length;
  if (pending > 0)
    throw new Error(
      `${table}: ${pending} documents have staged events: let the platform publish them (start it once) before multiplying`,
    );
  return rows;
}

function inserter(db, table, rows) {
  const columns = Object.keys(rows[0]);
  const insert = db.prepare(
    `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  return (row) => insert.run(...columns.map((c) => row[c]));
}

/**
 * Copies every original row of `table` (`rows`, read unless given) for each k (`transform` gives
 * copy k of a row, or null), one transaction per k, with `alongside(k, copies)` in the same
 * transaction. A k whose first copy exists was done by an earlier run.
 */
function multiplyTable(db, dir, table, transform, alongside = () => {}, rows = originals(db, dir, table)) {
  const exists = db.prepare(`SELECT 1 FROM ${table} WHERE _id = ?`).pluck();
  // Each original's document is parsed once rather than once per copy (CPU bounds the run).
  const parsed = rows.map((row) => ({ row, doc: JSON.parse(row.doc) }));
  const copyOf = ({ row, doc }, k) => transform(row, k, doc);
  for (let k = 1; k < factor; k++) {
    // Copy k was done by an earlier run when any one of its copies exists (one transaction each).
    const probe = parsed
      .values()
      .map((original) => copyOf(original, k))
      .find(Boolean);
    if (!probe || exists.get(probe._id)) continue;
    // In key order: consecutive inserts land on neighbouring pages of the primary-key index.
    const copies = parsed.flatMap((original) => copyOf(original, k) ?? []).sort(byId);
    const insert = inserter(db, table, copies);
    db.transaction(() => {
      for (const copy of copies) insert(copy);
      alongside(k, copies);
    })();
  }
  return rows.length;
}

const byId = (a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

const withDoc = (row, id, doc, columns = {}) => ({ ...row, _id: id, doc: JSON.stringify(doc), ...columns });

const startedAt = performance.now();
const elapsed = () => `${Math.round((performance.now() - startedAt) / 1000)} s`;
console.log(`multiplying ${dataDir} ×${factor}`);

// ── offers ───────────────────────────────────────────────────────────────────────────────────
const offersDb = open('offers');
const offerRows = originals(offersDb, 'offers', 'c_offers');
/** Original offer id → its shop and item, so every store maps it to copy k's id alike. */
const offerItems = new Map(
  offerRows.map(({ _id, doc }) => {
    const { shopId, shopOfferId } = JSON.parse(doc);
    return [_id, { shopId, shopOfferId }];
  }),
);
const copyOfferId = (offerId, k) => {
  const item = offerItems.get(offerId);
  return item ? offerIdOf(item.shopId, `${item.shopOfferId}-m${k}`) : offerId;
};
if (toDo('offers')) {
  withoutSecondaryIndices(
    offersDb,
    'offers',
    ['c_offers', 'c_price_summaries', 'c_offer_price_months'],
    multiplyOffers,
  );
  partDone('offers');
}
offersDb.close();

function multiplyOffers() {
  const offersCount = multiplyTable(
    offersDb,
    'offers',
    'c_offers',
    (row, k, doc) => {
      const shopOfferId = `${doc.shopOfferId}-m${k}`;
      const productId = copyId(doc.productId, k);
      return withDoc(
        row,
        offerIdOf(doc.shopId, shopOfferId),
        { ...doc, shopOfferId, locationId: locationIdOf(doc.shopId, shopOfferId), productId },
        { 'x:productId': productId },
      );
    },
    undefined,
    offerRows,
  );
  const summaries = multiplyTable(offersDb, 'offers', 'c_price_summaries', (row, k, doc) => {
    const productId = copyId(doc.productId, k);
    // `listed` names the offers the summary was computed from: the copy's are the copies.
    const listed = doc.listed
      ?.map((entry) => ({ ...entry, _id: copyOfferId(entry._id, k) }))
      .sort((a, b) => (a._id < b._id ? -1 : 1));
    const copy = {
      ...doc,
      productId,
      cheapestOfferId: doc.cheapestOfferId && copyOfferId(doc.cheapestOfferId, k),
      ...(listed ? { listed } : {}),
    };
    return withDoc(row, `${productId}|${doc.country}`, copy, { 'x:productId': productId });
  });
  const months = multiplyTable(offersDb, 'offers', 'c_offer_price_months', (row, k, doc) => {
    const offerId = copyOfferId(doc.offerId, k);
    const productId = copyId(doc.productId, k);
    // The id's period part: a day (`:YYYY-MM-DD`) or, for documents written before days, a month.
    return withDoc(
      row,
      `${offerId}${row._id.slice(doc.offerId.length)}`,
      { ...doc, offerId, productId },
      { 'x:productId': productId },
    );
  });
  console.log(
    `  offers: ${offersCount * factor} offers, ${summaries * factor} price summaries, ${months * factor} history documents (${elapsed()})`,
  );
}

// ── catalog ──────────────────────────────────────────────────────────────────────────────────
const catalogDb = open('catalog');
if (toDo('catalog')) {
  multiplyCatalog();
  partDone('catalog');
}
/** Products per brand and category as catalog counts them once multiplied, which search's product documents repeat. */
const catalogCounts = multipliedCatalogCounts();
catalogDb.close();

function multiplyCatalog() {
  const brandNames = new Map(
    catalogDb
      .prepare('SELECT _id, doc FROM c_brands')
      .all()
      .map(({ _id, doc }) => [_id, JSON.parse(doc).name]),
  );

  /** Copy k of a catalog product. */
  function productCopy(doc, k) {
    const word = lineWord(k);
    const texts = Object.fromEntries(
      Object.entries(doc.texts).map(([language, text]) => [language, { ...text, name: `${text.name} ${word}` }]),
    );
    return {
      ...doc,
      texts,
      slug: `${doc.slug}-${k}`,
      sortName: `${doc.sortName} ${word.toLowerCase()}`,
      gtins: [],
      mpn: copyMpn(doc.mpn, k),
      mergedIntoProductId: copyId(doc.mergedIntoProductId, k),
      origin: doc.origin?.shopOfferId ? { ...doc.origin, shopOfferId: `${doc.origin.shopOfferId}-m${k}` } : doc.origin,
    };
  }

  // Claims, offer links and reviews first: they take less time than the products with their title
  // keys. With its link, an offer of a copy that is matched again keeps its product even while the
  // product's row is not there yet.
  withoutSecondaryIndices(catalogDb, 'catalog', ['c_mpn_claims', 'c_offer_links', 'c_reviews'], () => {
    multiplyTable(catalogDb, 'catalog', 'c_mpn_claims', (row, k, doc) => {
      const key = copyMpnKey(doc.key, k);
      const productId = copyId(doc.productId, k);
      return withDoc(
        row,
        `${key}:${productId}`,
        { ...doc, key, productId },
        { 'x:key': key, 'x:productId': productId },
      );
    });
    const links = multiplyTable(catalogDb, 'catalog', 'c_offer_links', (row, k, doc) => {
      const shopOfferId = `${doc.shopOfferId}-m${k}`;
      const productId = copyId(doc.productId, k);
      return withDoc(
        row,
        `${doc.shopId}/${shopOfferId}`,
        { ...doc, shopOfferId, productId },
        { 'x:productId': productId },
      );
    });
    const reviews = multiplyTable(catalogDb, 'catalog', 'c_reviews', (row, k, doc) => {
      const productId = copyId(doc.productId, k);
      return withDoc(
        row,
        copyId(row._id, k),
        { ...doc, productId, sourceReviewId: copyId(doc.sourceReviewId, k) },
        { 'x:productId': productId },
      );
    });
    console.log(`  catalog: ${links * factor} offer links, ${reviews * factor} reviews (${elapsed()})`);
  });

  let titleKeys = 0;
  const insertTitleKey = catalogDb.prepare(
    'INSERT INTO c_title_keys (_id, version, doc, side, "x:key", "x:brandId", "x:gtinless") VALUES (?, 1, ?, NULL, ?, ?, ?)',
  );
  const products = withoutSecondaryIndices(catalogDb, 'catalog', ['c_products', 'c_title_keys'], () =>
    multiplyTable(
      catalogDb,
      'catalog',
      'c_products',
      (row, k, doc) => withDoc(row, copyId(row._id, k), productCopy(doc, k)),
      (k, copies) => {
        // The copies' title keys, and (with the last copy) the counts, in the copy's transaction.
        const keys = copies.flatMap(({ _id, doc }) => {
          const product = { _id, ...JSON.parse(doc) };
          return product.status === 'merged' ? [] : titleKeyRecords(product, brandNames.get(product.brandId) ?? '');
        });
        for (const { _id: keyId, ...key } of keys.sort(byId)) {
          insertTitleKey.run(keyId, JSON.stringify(key), key.key, key.brandId, key.gtinless ? 1 : 0);
          titleKeys += 1;
        }
        if (k !== factor - 1) return;
        catalogDb
          .prepare(
            "UPDATE c_brands SET doc = json_set(doc, '$.productsCount', json_extract(doc, '$.productsCount') * ?)",
          )
          .run(factor);
        catalogDb
          .prepare(
            "UPDATE c_categories SET doc = json_set(doc, '$.productsCount', json_extract(doc, '$.productsCount') * ?, '$.directProductsCount', json_extract(doc, '$.directProductsCount') * ?)",
          )
          .run(factor, factor);
      },
    ),
  );
  console.log(`  catalog: ${products * factor} products (${titleKeys} title keys of copies in this run, ${elapsed()})`);
}

/**
 * The counts are multiplied with the last copy of the products (one transaction): until that
 * copy exists (another run multiplies catalog meanwhile), they are the originals' ×factor.
 */
function multipliedCatalogCounts() {
  return catalogDb.transaction(() => {
    const first = catalogDb.prepare('SELECT _id FROM c_products ORDER BY rowid LIMIT 1').pluck().get();
    const multiplied =
      catalogDb
        .prepare('SELECT 1 FROM c_products WHERE _id = ?')
        .pluck()
        .get(copyId(first, factor - 1)) !== undefined;
    const rows = catalogDb
      .prepare(
        "SELECT _id, json_extract(doc, '$.productsCount') AS n FROM c_brands UNION ALL SELECT _id, json_extract(doc, '$.productsCount') FROM c_categories",
      )
      .all();
    return new Map(rows.map(({ _id, n }) => [_id, multiplied ? n : n * factor]));
  })();
}

// ── search's side state, and the Elasticsearch copy's ────────────────────────────────────────
/** Copy k of a product in search's side state (what ProductChanged told search). */
function searchProductCopy(doc, k) {
  const word = lineWord(k);
  return {
    ...doc,
    names: Object.fromEntries(Object.entries(doc.names).map(([language, name]) => [language, `${name} ${word}`])),
    slug: `${doc.slug}-${k}`,
    mpn: copyMpn(doc.mpn, k),
    gtins: [],
    displayGtin: '',
  };
}

const counted = (entity) =>
  entity ? { ...entity, productsCount: catalogCounts.get(entity.id) ?? entity.productsCount } : entity;
const recounted = (product) => ({
  ...product,
  brand: counted(product.brand),
  categoryPath: product.categoryPath?.map(counted),
});

function multiplySearchStore(dir) {
  const db = open(dir);
  const update = db.prepare('UPDATE c_sources SET doc = ? WHERE _id = ?');
  const sources = originals(db, dir, 'c_sources');
  const kindOf = (id) => id.slice(0, id.indexOf(':'));
  const copiesOf = (kind) => sources.filter((row) => kindOf(row._id) === kind).length * factor;
  const originalProducts = sources.filter((row) => kindOf(row._id) === 'product');
  // A store multiplied by an earlier run keeps its indices: they may have been rebuilt since.
  const lastCopyOfFirst = `product:${copyId(originalProducts[0]._id.slice('product:'.length), factor - 1)}`;
  const done = db.prepare('SELECT 1 FROM c_sources WHERE _id = ?').pluck().get(lastCopyOfFirst) !== undefined;
  withoutSecondaryIndices(db, dir, ['c_sources'], () =>
    multiplyTable(
      db,
      dir,
      'c_sources',
      (row, k, doc) => {
        const kind = kindOf(row._id);
        const id = row._id.slice(kind.length + 1);
        if (kind === 'product') return withDoc(row, `product:${copyId(id, k)}`, searchProductCopy(recounted(doc), k));
        if (kind === 'price') return withDoc(row, `price:${copyId(id, k)}`, doc);
        if (kind !== 'offer') return null;
        const productId = copyId(doc.productId, k);
        return withDoc(row, `offer:${copyOfferId(id, k)}`, { ...doc, productId }, { 'x:productId': productId });
      },
      (k) => {
        // Brands and categories count as catalog now does (the originals with the first copy).
        if (k === 1)
          for (const { _id, doc } of originalProducts) update.run(JSON.stringify(recounted(JSON.parse(doc))), _id);
      },
      sources,
    ),
  );
  db.close();
  if (done) return console.log(`  ${dir}: multiplied by an earlier run`);
  // Dropped, so the next start rebuilds the index from the side state (its consumer is caught up).
  for (const name of readdirSync(join(dataDir, dir)))
    if (name.startsWith('search.sqlite')) rmSync(join(dataDir, dir, name), { recursive: true, force: true });
  console.log(
    `  ${dir}: ${copiesOf('product')} products, ${copiesOf('offer')} offers, ${copiesOf('price')} prices in the side state (${elapsed()})`,
  );
}

if (toDo('search')) {
  for (const dir of searchDirs) multiplySearchStore(dir);
  await dropElasticsearchCopy();
  partDone('search');
}
if (!everyPart) {
  console.log(`${parts.join(', ')} done in ${elapsed()}; a run of every part marks ${dataDir} multiplied`);
  process.exit(0);
}

writeFileSync(join(dataDir, DONE_FILE), `×${factor}, started ${progress.startedAt}\n`);
rmSync(join(dataDir, PROGRESS_FILE));
console.log(`done in ${elapsed()}; the next start rebuilds the search indices (START_READY_TIMEOUT_S=7200)`);

/** The Elasticsearch copy's indices (es-search.mjs) go too, so its search process rebuilds them. */
async function dropElasticsearchCopy() {
  const prefixFile = join(dataDir, 'bench-core-es-prefix');
  if (!existsSync(prefixFile)) return;
  const url = process.env.ELASTICSEARCH_URL;
  if (!url) {
    console.log('  ELASTICSEARCH_URL is not set: start the Elasticsearch copy with SEARCH_REBUILD_ON_START=true once');
    return;
  }
  const prefix = readFileSync(prefixFile, 'utf8').trim();
  // One by one: Elasticsearch refuses wildcard deletes (action.destructive_requires_name).
  const indices = await (await fetch(`${url}/_cat/indices/${prefix}-*?format=json&h=index`)).json();
  for (const { index } of indices) {
    const response = await fetch(`${url}/${index}`, { method: 'DELETE' });
    if (!response.ok)
      throw new Error(`deleting the Elasticsearch index ${index}: HTTP ${response.status} ${await response.text()}`);
  }
  console.log(`  Elasticsearch indices ${prefix}-*: ${indices.length} deleted`);
}
