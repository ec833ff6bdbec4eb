// Telemetry first: its instrumentation must be in place before gRPC and HTTP load.
import '@pc/kit/telemetry/register';
import { runService } from '@pc/kit/service/run-service';
import { buildBillingApp } from './app.js';
import { billingConfigSchema } from './config.js';

void runService({ name: 'billing', configSchema: billingConfigSchema, build: (context) => buildBillingApp(context) });
