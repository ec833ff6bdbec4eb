// Telemetry first: its instrumentation must be in place before gRPC and HTTP load.
import '@pc/kit/telemetry/register';
import { runService } from '@pc/kit/service/run-service';
import { buildSearchApp } from './app.js';
import { searchConfigSchema } from './config.js';

void runService({ name: 'search', configSchema: searchConfigSchema, build: buildSearchApp });
