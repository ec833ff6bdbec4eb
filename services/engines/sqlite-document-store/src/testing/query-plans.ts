import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { tableName } from '../collection-schema.js';
import { openEmbeddedDocumentStore } from '../embedded-document-store.js';
import { indexedPaths } from '../index-columns.js';
import { compileFind } from '../query-sql.js';
import type { CollectionSpec, Document, DocumentStore, Filter, FindOptions } from '@pc/kit/ports/document-store';

export interface RecordedFind {
  readonly spec: CollectionSpec;
  readonly filter: Filter | undefined;
  readonly options: FindOptions | undefined;
  /** Asked through `findIds` (the adapter then reads only ids). */
  readonly idsOnly?: boolean;
}

export interface PlannedStore {
  /** An embedded store whose collections remember every `find` and `findIds` they are asked. */
  readonly store: DocumentStore;
  readonly finds: RecordedFind[];
  /** SQLite's plan for a recorded find, its steps joined by " | " (e.g. "SEARCH t USING INDEX …"). */
  planOf(find: RecordedFind): string;
  /** Closes the store and deletes its directory. */
  close(): Promise<void>;
}

/**
 * An embedded store in a new temporary directory, for tests of a repository's queries at scale:
 * a query that reads a whole table costs nothing on a test's few rows and minutes on millions, so
 * tests assert the plan instead of timing it. The SQL is compiled as the embedded adapter
 * compiles it (scalar fields, no value-kind hints).
 */
export async function openPlannedStore(): Promise<PlannedStore> {
  const dir = mkdtempSync(join(tmpdir(), 'pc-query-plans-'));
  const path = join(dir, 'documents.sqlite');
  const store = await openEmbeddedDocumentStore({ path });
  const finds: RecordedFind[] = [];
  let inspector: Database.Database | null = null;
  const recording: DocumentStore = {
    collection: async <T extends Document>(spec: CollectionSpec) => {
      const collection = await store.collection<T>(spec);
      return new Proxy(collection, {
        get(target, property) {
          if (property === 'find') {
            return (filter?: Filter, options?: FindOptions) => {
              finds.push({ spec, filter, options });
              return target.find(filter, options);
            };
          }
          if (property === 'findIds') {
            return (filter?: Filter, options?: FindOptions) => {
              finds.push({ spec, filter, options, idsOnly: true });
              return target.findIds(filter, options);
            };
          }
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    },
    othersWriteToken: () => store.othersWriteToken(),
    outbox: store.outbox,
    isReady: () => store.isReady(),
    close: () => store.close(),
  };
  return {
    store: recording,
    finds,
    planOf(find) {
      inspector ??= new Database(path, { readonly: true });
      const indexed = new Set(indexedPaths(find.spec.indexes ?? []));
      const query = compileFind(
        tableName(find.spec.name),
        find.filter,
        find.options,
        new Set(),
        indexed,
        undefined,
        find.idsOnly ? 'ids' : 'rows',
      );
      const rows = inspector.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...query.params) as { detail: string }[];
      return rows.map((row) => row.detail).join(' | ');
    },
    async close() {
      inspector?.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
