import type { Document, DocumentStore, Stored } from '../document-store.js';

/**
 * Opens a new, independent store instance on the same backing database at every call (a second
 * instance sees what the first wrote; that is how concurrency and reopening are tested).
 * `cleanup` closes that instance; the database itself may outlive the suite, as every test
 * uses collections of its own.
 */
export type MakeDocumentStore = () => Promise<{ store: DocumentStore; cleanup: () => Promise<void> }>;

export interface ContractHarness {
  /** A store instance, closed after the test unless closed before. */
  open(): Promise<DocumentStore>;
  close(store: DocumentStore): Promise<void>;
  /** A collection name no other test (or earlier run on a kept database) uses. */
  uniqueName(prefix: string): string;
}

let sequence = 0;

export function useContractHarness(makeStore: MakeDocumentStore): ContractHarness {
  const open = new Map<DocumentStore, () => Promise<void>>();
  afterEach(async () => {
    const cleanups = [...open.values()];
    open.clear();
    for (const cleanup of cleanups) await cleanup();
  });
  return {
    async open() {
      const { store, cleanup } = await makeStore();
      open.set(store, cleanup);
      return store;
    },
    async close(store) {
      const cleanup = open.get(store);
      open.delete(store);
      await cleanup?.();
    },
    uniqueName(prefix) {
      sequence += 1;
      return `${prefix}_${sequence}_${Math.random().toString(36).slice(2, 8)}`;
    },
  };
}

export function idsOf(docs: readonly Stored<Document>[]): string[] {
  return docs.map((doc) => doc._id);
}
