// Telemetry first: its instrumentation must be in place before gRPC and HTTP load.
import '@pc/kit/telemetry/register';
import { runService } from '@pc/kit/service/run-service';
import { buildCatalogApp } from './app.js';
import { catalogConfigSchema } from './config.js';

void runService({ name: 'catalog', configSchema: catalogConfigSchema, build: buildCatalogApp });
