// better-sqlite3 the way the embedded adapters use it: WAL, JSON text, an expression index.
import { join } from 'node:path';
import Database from 'better-sqlite3';

export function sqliteEngine(synchronous) {
  let db;
  let s;
  return {
    name: `sqlite ${synchronous}`,
    async open(dir) {
      db = new Database(join(dir, 'bench.sqlite'));
      db.pragma('journal_mode = WAL');
      db.pragma(`synchronous = ${synchronous}`);
      db.exec(`CREATE TABLE docs (_id TEXT PRIMARY KEY NOT NULL, version INTEGER NOT NULL, doc TEXT NOT NULL);
        CREATE INDEX ix_docs_shop ON docs (json_extract(doc, '$.shopId'), _id);
        CREATE TABLE log (seq INTEGER PRIMARY KEY, topic TEXT NOT NULL, key TEXT NOT NULL, value BLOB NOT NULL,
          headers TEXT NOT NULL, ts INTEGER NOT NULL);`);
      s = {
        upsert: db.prepare(`INSERT INTO docs (_id, version, doc) VALUES (?, 1, ?)
          ON CONFLICT (_id) DO UPDATE SET doc = excluded.doc, version = version + 1 WHERE doc <> excluded.doc`),
        get: db.prepare('SELECT version, doc FROM docs WHERE _id = ?'),
        byShop: db.prepare(`SELECT _id, version, doc FROM docs WHERE json_extract(doc, '$.shopId') = ? ORDER BY _id`),
        append: db.prepare('INSERT INTO log (seq, topic, key, value, headers, ts) VALUES (?, ?, ?, ?, ?, ?)'),
        range: db.prepare('SELECT seq, topic, key, value, headers, ts FROM log WHERE seq >= ? ORDER BY seq LIMIT ?'),
      };
      const appendOne = (r) => s.append.run(r.seq, r.topic, r.key, r.value, r.headers, r.ts);
      s.upsertMany = db.transaction((docs) => {
        for (const doc of docs) s.upsert.run(doc._id, JSON.stringify(doc));
      });
      s.appendOne = appendOne;
      s.appendMany = db.transaction((records) => records.forEach(appendOne));
    },
    async upsertBatch(docs) {
      s.upsertMany(docs);
    },
    async get(id) {
      return JSON.parse(s.get.get(id).doc);
    },
    async findByShop(shopId) {
      return s.byShop.all(shopId).map((row) => JSON.parse(row.doc));
    },
    async appendOne(record) {
      s.appendOne(record);
    },
    async appendBatch(records) {
      s.appendMany(records);
    },
    async readRange(from, count) {
      return s.range.all(from, count);
    },
    async close() {
      db.close();
    },
  };
}
