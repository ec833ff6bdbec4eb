import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import type { DocumentStore } from '@pc/kit/ports/document-store';

/** A fresh embedded store on disk for each test of the enclosing `describe`, removed after it. */
export function scratchStorePerTest(prefix: string): () => DocumentStore {
  let dir = '';
  let store: DocumentStore | undefined;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    store = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
  });
  afterEach(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!store) throw new Error('the scratch store is open only inside a test');
    return store;
  };
}
