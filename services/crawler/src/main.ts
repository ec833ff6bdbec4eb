// Telemetry first: its instrumentation must be in place before gRPC and HTTP load.
import '@pc/kit/telemetry/register';
import { runService } from '@pc/kit/service/run-service';
import { buildCrawlerApp } from './app.js';
import { crawlerConfigSchema } from './config.js';

void runService({ name: 'crawler', configSchema: crawlerConfigSchema, build: buildCrawlerApp });
