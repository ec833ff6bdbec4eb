import { join } from 'node:path';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { pino } from 'pino';
import { openCatalogComponents, type CatalogComponents } from '../catalog-components.js';
import { TOKEN_STATISTICS_DEFAULTS, type TokenStatisticsOptions } from '../derived/token-statistics.js';
import { newDataDir, removeDataDir } from './catalog-harness.js';
import { staffWithoutAccounts } from './no-accounts.js';

/** Catalog's components (no gRPC) over embedded engines in a temp dir, for tests of its workflows. */
export interface CatalogParts {
  readonly parts: CatalogComponents;
  /** The store under them, for a second set of parts (another replica) or a repository of its own. */
  readonly documents: DocumentStore;
  close(): Promise<void>;
}

export async function openCatalogParts(
  tokenStatistics: TokenStatisticsOptions = TOKEN_STATISTICS_DEFAULTS,
): Promise<CatalogParts> {
  const dataDir = newDataDir();
  const documents = await openEmbeddedDocumentStore({ path: join(dataDir, 'catalog', 'documents.sqlite') });
  const bus = openEmbeddedEventBus({ path: join(dataDir, 'events', 'log.sqlite') });
  const parts = await openCatalogComponents(
    documents,
    bus,
    pino({ level: 'silent' }),
    staffWithoutAccounts(),
    tokenStatistics,
  );
  return {
    parts,
    documents,
    close: async () => {
      await bus.close();
      await documents.close();
      removeDataDir(dataDir);
    },
  };
}
