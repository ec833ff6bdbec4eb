import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { reportedLines } from '@pc/kit/testing/crash-report';
import { openEmbeddedDocumentStore } from './embedded-document-store.js';
import { spawnTsChild } from './test-support/child-process.js';
import { crashDocument, type CrashDocument } from './test-support/crash-documents.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pc-docstore-crash-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function parseAcks(lines: readonly string[]): { ids: string[]; lastCounter: number } {
  const ids = lines.filter((line) => line.startsWith('ack ')).flatMap((line) => line.slice(4).split(' '));
  const counters = lines.filter((line) => line.startsWith('counter ')).map((line) => Number(line.slice(8)));
  return { ids, lastCounter: counters.at(-1) ?? -1 };
}

function contentOf(id: string): CrashDocument {
  const [, round, n, k] = /^r(\d+)-n(\d+)-k(\d+)$/.exec(id)!.map(Number);
  return crashDocument(round!, n!, k!);
}

describe('embedded document store after kill -9', () => {
  it('keeps every acknowledged put and bulkPut, side fields and outbox records included, round after round of killed writers', async () => {
    const path = join(dir, 'documents.sqlite');
    for (const round of [1, 2, 3]) {
      const reportFile = join(dir, `writer-${round}.txt`);
      const writer = spawnTsChild('crash-writer.ts', [path, String(round), reportFile]);
      const wanted = 20 + round * 15;
      await writer.waitFor((lines) => lines.filter((line) => line.startsWith('ack ')).length >= wanted, 20_000);
      await sleep(Math.floor(Math.random() * 15)); // land the kill anywhere in the write loop
      writer.child.kill('SIGKILL');
      const exit = await writer.exited;
      expect({ ...exit, stderr: writer.stderr() }).toEqual({ code: null, signal: 'SIGKILL', stderr: '' });

      // What the writer reported before the kill: its file, not stdout (crash-writer.ts).
      const { ids, lastCounter } = parseAcks(reportedLines(reportFile));
      expect(ids.length).toBeGreaterThanOrEqual(wanted);
      const store = await openEmbeddedDocumentStore({ path });
      try {
        // Opened without the writer's side fields: a row says whether it has side fields.
        const docs = await store.collection<CrashDocument>({ name: 'crash' });
        const found = await docs.getMany(ids);
        expect(found.map((doc) => doc._id)).toEqual(ids);
        for (const doc of found) expect(doc).toEqual({ ...contentOf(doc._id), _version: 1 });
        // The index answers the same: no acknowledged document is missing from it.
        expect(await docs.count({ round })).toBeGreaterThanOrEqual(ids.length);

        // Each acknowledged put's outbox record is there, and no record outlived a lost put.
        const records = await store.outbox!.pending(100_000);
        const puts = ids.filter((id) => id.endsWith('-k0') && Number(/-n(\d+)-/.exec(id)![1]) % 2 === 0);
        const recorded = new Set(records.map((record) => record.documentId));
        expect(puts.filter((id) => !recorded.has(id))).toEqual([]);
        expect(records.filter((record) => record.id !== `outbox-${record.documentId}`)).toEqual([]);
        expect((await docs.getMany([...recorded])).length).toBe(recorded.size);

        const counter = await (
          await store.collection<{ _id: string; n: number }>({ name: 'counters' })
        ).get(`round-${round}`);
        // The write after the last reported one may have committed before the kill, not more.
        expect(counter?.n).toBeGreaterThanOrEqual(lastCounter);
        expect(counter?.n).toBeLessThanOrEqual(lastCounter + 1);
        expect(counter?._version).toBe((counter?.n ?? 0) + 1);
      } finally {
        await store.close();
      }
    }
    const raw = new Database(path, { readonly: true });
    expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
    // Every side row belongs to its row's version, and every flagged row has one.
    const orphans = raw
      .prepare(
        `SELECT count(*) FROM s_crash s LEFT JOIN c_crash c ON c._id = s._id WHERE c.side IS NOT 1 OR c.version != s.version`,
      )
      .pluck()
      .get();
    const missing = raw
      .prepare(`SELECT count(*) FROM c_crash c LEFT JOIN s_crash s ON s._id = c._id WHERE c.side = 1 AND s._id IS NULL`)
      .pluck()
      .get();
    expect({ orphans, missing }).toEqual({ orphans: 0, missing: 0 });
    expect(raw.prepare(`SELECT count(*) FROM s_crash`).pluck().get()).toBeGreaterThan(0);
    raw.close();
  }, 40_000);
});
