import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeDocumentStoreContract } from '@pc/kit/ports/contracts/document-store.contract';
import { openEmbeddedDocumentStore } from './embedded-document-store.js';

const dir = mkdtempSync(join(tmpdir(), 'pc-docstore-contract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeDocumentStoreContract('embedded (SQLite)', async () => {
  // Default options: the contract runs against what services get (WAL, synchronous FULL).
  const store = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
  return { store, cleanup: () => store.close() };
});
