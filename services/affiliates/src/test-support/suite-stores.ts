import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openMongoDocumentStore } from '@pc/mongodb-document-store/mongo-document-store';
import { dropDatabase, uniqueDatabase } from '@pc/mongodb-document-store/test-support/test-database';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import type { DocumentStore } from '@pc/kit/ports/document-store';

/** A document store a suite opens once, and what removes it again. */
export interface SuiteStore {
  readonly store: DocumentStore;
  close(): Promise<void>;
}

/** An embedded store in a fresh folder, removed with it. */
export async function embeddedSuiteStore(prefix: string): Promise<SuiteStore> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const store = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
  return {
    store,
    close: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A database of its own on the MongoDB at `uri`, dropped with it. */
export async function mongoSuiteStore(uri: string, prefix: string): Promise<SuiteStore> {
  const database = uniqueDatabase(prefix);
  const store = await openMongoDocumentStore({ uri, database });
  return {
    store,
    close: async () => {
      await store.close();
      await dropDatabase(uri, database);
    },
  };
}
