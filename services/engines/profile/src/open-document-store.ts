import type { Logger } from 'pino';
import { dataFile } from './data-path.js';
import { ConfigError } from '@pc/kit/config/load-config';
import type { ServiceConfig } from '@pc/kit/config/service-config';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { mongoDatabaseName } from '@pc/mongodb-document-store/database-name';

type MongoAdapter = typeof import('@pc/mongodb-document-store/mongo-document-store');

/**
 * The document store the config selects. embedded: <DATA_DIR>/<service>/<file>.sqlite (`file`
 * defaults to `documents`; a second file has a write lock of its own); mongodb: the database
 * `mongoDatabaseName` names at MONGODB_URI, whatever the file (MongoDB locks per document).
 */
export async function openDocumentStore(
  config: ServiceConfig,
  service: string,
  logger?: Logger,
  options: { file?: string } = {},
): Promise<DocumentStore> {
  if (config.DOCUMENT_STORE === 'mongodb') {
    if (!config.MONGODB_URI)
      throw new ConfigError([{ variable: 'MONGODB_URI', reason: 'required when DOCUMENT_STORE=mongodb' }]);
    // Required here, not imported above: the local profile never loads mongoose and its driver.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { openMongoDocumentStore } = require('@pc/mongodb-document-store/mongo-document-store') as MongoAdapter;
    return openMongoDocumentStore({
      uri: config.MONGODB_URI,
      database: mongoDatabaseName(service, config.PLATFORM_NAMESPACE),
      onReconnect: ({ ok, error }) =>
        ok
          ? logger?.warn('MongoDB client rebuilt: no server had been found for a while')
          : logger?.warn({ err: error }, 'MongoDB client rebuild failed; retrying later'),
    });
  }
  return openEmbeddedDocumentStore({
    path: dataFile(config.DATA_DIR, service, `${options.file ?? 'documents'}.sqlite`),
  });
}
