import { join } from 'node:path';
import { openEmbeddedDocumentStore } from '@pc/kit/adapters/embedded/document-store/embedded-document-store';
import { openEmbeddedEventBus } from '@pc/kit/adapters/embedded/event-log/open-embedded-event-bus';
import { pino } from 'pino';
import { openCatalogComponents, type CatalogComponents } from '../catalog-components.js';
import { newDataDir, removeDataDir } from './catalog-harness.js';
import { staffWithoutAccounts } from './no-accounts.js';

/** Catalog's components (no gRPC) over embedded engines in a temp dir, for tests of its workflows. */
export interface CatalogParts {
  readonly parts: CatalogComponents;
  close(): Promise<void>;
}

export async function openCatalogParts(): Promise<CatalogParts> {
  const dataDir = newDataDir();
  const documents = await openEmbeddedDocumentStore({ path: join(dataDir, 'catalog', 'documents.sqlite') });
  const bus = openEmbeddedEventBus({ path: join(dataDir, 'events', 'log.sqlite') });
  const parts = await openCatalogComponents(documents, bus, pino({ level: 'silent' }), staffWithoutAccounts());
  return {
    parts,
    close: async () => {
      await bus.close();
      await documents.close();
      removeDataDir(dataDir);
    },
  };
}
