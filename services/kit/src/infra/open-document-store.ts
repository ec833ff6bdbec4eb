import type { Logger } from 'pino';
import { dataFile } from './data-path.js';
import { ConfigError } from '../config/load-config.js';
import type { ServiceConfig } from '../config/service-config.js';
import { openEmbeddedDocumentStore } from '../adapters/embedded/document-store/embedded-document-store.js';
import type { DocumentStore } from '../ports/document-store.js';

type MongoAdapter = typeof import('../adapters/mongo/mongo-document-store.js');

/**
 * One MongoDB database per service: `pricecompare_<service>`, or `<namespace>_pricecompare_<service>`
 * under PLATFORM_NAMESPACE (dashes and dots become `_`).
 */
export function mongoDatabaseName(service: string, namespace?: string): string {
  const name = `pricecompare_${service}`;
  return (namespace ? `${namespace}_${name}` : name).replace(/[^A-Za-z0-9_]/g, '_');
}

/**
 * The document store the config selects. embedded: <DATA_DIR>/<service>/documents.sqlite;
 * mongodb: the database `mongoDatabaseName` names at MONGODB_URI.
 */
export async function openDocumentStore(config: ServiceConfig, service: string, logger?: Logger): Promise<DocumentStore> {
  if (config.DOCUMENT_STORE === 'mongodb') {
    if (!config.MONGODB_URI) throw new ConfigError([{ variable: 'MONGODB_URI', reason: 'required when DOCUMENT_STORE=mongodb' }]);
    // Required here, not imported above: the local profile never loads mongoose and its driver.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { openMongoDocumentStore } = require('../adapters/mongo/mongo-document-store.js') as MongoAdapter;
    return openMongoDocumentStore({
      uri: config.MONGODB_URI,
      database: mongoDatabaseName(service, config.PLATFORM_NAMESPACE),
      onReconnect: ({ ok, error }) =>
        ok ? logger?.warn('MongoDB client rebuilt: no server had been found for a while') : logger?.warn({ err: error }, 'MongoDB client rebuild failed; retrying later'),
    });
  }
  return openEmbeddedDocumentStore({ path: dataFile(config.DATA_DIR, service, 'documents.sqlite') });
}
