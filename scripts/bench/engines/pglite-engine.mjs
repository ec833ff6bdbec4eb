// PGlite (PostgreSQL compiled to WASM) on disk: jsonb documents, an expression index.
import { PGlite } from '@electric-sql/pglite';

export function pgliteEngine() {
  let db;
  return {
    name: 'pglite',
    async open(dir) {
      db = new PGlite(dir);
      await db.waitReady;
      await db.exec(`CREATE TABLE docs (id TEXT PRIMARY KEY, version INTEGER NOT NULL, doc JSONB NOT NULL);
        CREATE INDEX ix_docs_shop ON docs ((doc->>'shopId'), id);
        CREATE TABLE log (seq BIGINT PRIMARY KEY, topic TEXT NOT NULL, key TEXT NOT NULL, value BYTEA NOT NULL,
          headers JSONB NOT NULL, ts BIGINT NOT NULL);`);
    },
    async upsertBatch(docs) {
      await db.query(
        `INSERT INTO docs (id, version, doc) SELECT d->>'_id', 1, d FROM jsonb_array_elements($1::jsonb) AS d
         ON CONFLICT (id) DO UPDATE SET doc = excluded.doc, version = docs.version + 1
         WHERE docs.doc IS DISTINCT FROM excluded.doc`,
        [JSON.stringify(docs)],
      );
    },
    async get(id) {
      return (await db.query('SELECT version, doc FROM docs WHERE id = $1', [id])).rows[0].doc;
    },
    async findByShop(shopId) {
      return (await db.query(`SELECT id, version, doc FROM docs WHERE doc->>'shopId' = $1 ORDER BY id`, [shopId])).rows;
    },
    async appendOne(r) {
      await db.query('INSERT INTO log VALUES ($1, $2, $3, $4, $5, $6)', [
        r.seq,
        r.topic,
        r.key,
        r.value,
        r.headers,
        r.ts,
      ]);
    },
    async appendBatch(records) {
      await db.transaction(async (tx) => {
        for (const r of records) {
          await tx.query('INSERT INTO log VALUES ($1, $2, $3, $4, $5, $6)', [
            r.seq,
            r.topic,
            r.key,
            r.value,
            r.headers,
            r.ts,
          ]);
        }
      });
    },
    async readRange(from, count) {
      return (await db.query('SELECT * FROM log WHERE seq >= $1 ORDER BY seq LIMIT $2', [from, count])).rows;
    },
    async close() {
      await db.close();
    },
  };
}
