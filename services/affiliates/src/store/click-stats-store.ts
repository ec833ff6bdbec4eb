import type { Logger } from 'pino';
import { openDocumentStore } from '@pc/engine-profile/open-document-store';
import type { ServiceConfig } from '@pc/kit/config/service-config';
import type { DocumentStore } from '@pc/kit/ports/document-store';

/**
 * The store of the click statistics (ADR 077). Embedded: a second SQLite file,
 * `<DATA_DIR>/affiliates/click-stats.sqlite`, so that the fold's commits never hold the write lock
 * a click-out's insert waits for. MongoDB locks per document: there it is affiliates' own database.
 */
export async function openClickStatsStore(config: ServiceConfig, logger: Logger): Promise<DocumentStore> {
  return openDocumentStore(config, 'affiliates', logger, { file: 'click-stats' });
}

/** Whether the statistics store is a file apart from the main store (then old statistics move into it). */
export const statisticsApart = (config: ServiceConfig): boolean => config.DOCUMENT_STORE === 'embedded';
