// lmdb-js with its defaults (msgpack values, async batched commits with overlapping sync).
// LMDB has no secondary indexes: the shop index is a dupSort database kept up to date by hand,
// which is what an LMDB-based document store would have to do for every declared index.
import { open } from 'lmdb';

export function lmdbEngine() {
  let root;
  let docs;
  let byShop;
  let log;
  // A write counts once it is durable, as SQLite FULL's commits are: commit, then flushed.
  const durable = async (promise) => {
    await promise;
    await root.flushed;
  };
  return {
    name: 'lmdb',
    async open(dir) {
      root = open({ path: dir });
      docs = root.openDB('docs');
      byShop = root.openDB('byShop', { dupSort: true, encoding: 'ordered-binary' });
      log = root.openDB('log');
    },
    async upsertBatch(batch) {
      await durable(
        root.transaction(() => {
          for (const doc of batch) {
            const old = docs.get(doc._id);
            if (old && JSON.stringify(old.doc) === JSON.stringify(doc)) continue;
            if (old && old.doc.shopId !== doc.shopId) byShop.remove(old.doc.shopId, doc._id);
            docs.put(doc._id, { version: (old?.version ?? 0) + 1, doc });
            if (!old || old.doc.shopId !== doc.shopId) byShop.put(doc.shopId, doc._id);
          }
        }),
      );
    },
    async get(id) {
      return docs.get(id).doc;
    },
    async findByShop(shopId) {
      return [...byShop.getValues(shopId)].map((id) => docs.get(id).doc);
    },
    async appendOne(record) {
      await durable(log.put(record.seq, record));
    },
    async appendBatch(records) {
      await durable(root.transaction(() => records.forEach((r) => log.put(r.seq, r))));
    },
    async readRange(from, count) {
      return log.getRange({ start: from, limit: count }).asArray;
    },
    async close() {
      await root.close();
    },
  };
}
