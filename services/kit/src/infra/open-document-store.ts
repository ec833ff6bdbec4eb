import { dataFile } from './data-path.js';
import type { ServiceConfig } from '../config/service-config.js';
import { openEmbeddedDocumentStore } from '../adapters/embedded/document-store/embedded-document-store.js';
import type { DocumentStore } from '../ports/document-store.js';
import { unavailableAdapter } from './unavailable-adapter.js';

/** The document store the config selects; embedded: <DATA_DIR>/<service>/documents.sqlite. */
export async function openDocumentStore(config: ServiceConfig, service: string): Promise<DocumentStore> {
  if (config.DOCUMENT_STORE === 'embedded') {
    return openEmbeddedDocumentStore({ path: dataFile(config.DATA_DIR, service, 'documents.sqlite') });
  }
  throw unavailableAdapter('DOCUMENT_STORE', config.DOCUMENT_STORE);
}
