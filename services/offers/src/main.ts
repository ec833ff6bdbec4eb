// Telemetry first: its instrumentation must be in place before gRPC and HTTP load.
import '@pc/kit/telemetry/register';
import { runService } from '@pc/kit/service/run-service';
import { buildOffersApp } from './app.js';
import { offersConfigSchema } from './config.js';

void runService({ name: 'offers', configSchema: offersConfigSchema, build: (context) => buildOffersApp(context) });
