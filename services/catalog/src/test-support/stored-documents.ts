import { join } from 'node:path';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import type { Document, Stored } from '@pc/kit/ports/document-store';

/**
 * Changes one stored document of a running catalog's embedded store from the outside (a second
 * connection, as another process would): for states no public RPC can make yet (a product hidden
 * or merged by the admin writes of issue 6) and for simulating a crash mid-change.
 */
export async function editStoredDocument<T extends Document>(
  dataDir: string,
  collection: string,
  id: string,
  change: (current: Stored<T>) => T,
): Promise<void> {
  const store = await openEmbeddedDocumentStore({ path: join(dataDir, 'catalog', 'documents.sqlite') });
  try {
    const documents = await store.collection<T>({ name: collection });
    await documents.update(id, (current) => {
      if (!current) throw new Error(`${collection}/${id} not found`);
      return change(current);
    });
  } finally {
    await store.close();
  }
}

export async function putStoredDocument<T extends Document>(
  dataDir: string,
  collection: string,
  doc: T,
): Promise<void> {
  const store = await openEmbeddedDocumentStore({ path: join(dataDir, 'catalog', 'documents.sqlite') });
  try {
    await (await store.collection<T>({ name: collection })).put(doc);
  } finally {
    await store.close();
  }
}

/** One stored document as the store holds it (tombstones too), or null. */
export async function storedDocument<T extends Document>(
  dataDir: string,
  collection: string,
  id: string,
): Promise<Stored<T> | null> {
  const store = await openEmbeddedDocumentStore({ path: join(dataDir, 'catalog', 'documents.sqlite') });
  try {
    return await (await store.collection<T>({ name: collection })).get(id);
  } finally {
    await store.close();
  }
}
