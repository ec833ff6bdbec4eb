import { mkdirSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { openEmbeddedDocumentStore } from './adapters/embedded/document-store/embedded-document-store.js';

const path = '/tmp/zz-frag/documents.sqlite';
rmSync('/tmp/zz-frag', { recursive: true, force: true });
const src = new Database('/tmp/pc-bench-core-100000/offers/documents.sqlite', { readonly: true });
const N = Number(process.argv[2] ?? 20000);
const rows = src.prepare('SELECT _id, doc FROM c_offers LIMIT ?').all(N) as { _id: string; doc: string }[];
const pageSize = process.argv[3];
async function main() {
  if (pageSize) { mkdirSync('/tmp/zz-frag', { recursive: true }); const d = new Database(path); d.pragma(`page_size = ${pageSize}`); d.pragma('journal_mode = WAL'); d.close(); }
  const t0 = Date.now();
  const store = await openEmbeddedDocumentStore({ path, synchronous: (process.env.SYNC as any) ?? 'normal' });
  const c = await store.collection<any>({ name: 'offers', indexes: [
    { fields: ['productId', 'country', 'active'] }, { fields: ['productId', 'active'] },
    { fields: ['shopId', 'active', 'price.amountMinor'] }, { fields: ['active', 'lastSeenAt'] }, { fields: ['outboxPending'] } ] });
  const docs = rows.map((r) => ({ ...JSON.parse(r.doc), _id: r._id }));
  const entry0 = { eventId: 'x', topic: 'offers.offer-changed.v1', key: 'k', value: 'v'.repeat(900), headers: { a: 'b'.repeat(200) } };
  if (process.env.ONE_BY_ONE) { for (const d of docs) { const s = await c.put({ ...d, outbox: [entry0, { ...entry0, value: 'w'.repeat(300) }], outboxPending: true }, { expectedVersion: 0 }); const { _version, ...rest } = s; await c.put({ ...rest, outbox: [], outboxPending: false }, { expectedVersion: _version }); } }
  else for (let i = 0; i < docs.length; i += 500) await c.bulkPut(docs.slice(i, i + 500));
  const probe = new Database(path, { readonly: true });
  const report = (label: string) => {
    const r = probe.prepare("select count(*) pages, sum(pgsize)/1048576.0 mb, sum(unused)/1048576.0 unused from dbstat where name='c_offers' and pagetype='leaf'").get();
    console.log(label, JSON.stringify(r), Date.now() - t0, 'ms');
  };
  report('inserted');
  const entry = { eventId: 'x', topic: 'offers.offer-changed.v1', key: 'k', value: 'v'.repeat(900), headers: { a: 'b'.repeat(200) } };
  let seed = 7; const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  for (let round = 0; round < 10; round++) {
    for (let j = 0; j < docs.length / 10; j++) {
      const id = docs[Math.floor(rnd() * docs.length)]._id;
      const cur = await c.get(id);
      const { _version, ...doc } = cur;
      const staged = await c.put({ ...doc, lastSeenAt: new Date().toISOString(), outbox: [entry, { ...entry, value: 'w'.repeat(300) }], outboxPending: true }, { expectedVersion: _version });
      const { _version: v2, ...d2 } = staged;
      await c.put({ ...d2, outbox: [], outboxPending: false }, { expectedVersion: v2 });
    }
    report(`round ${round}`);
  }
  await store.close();
}
main();
