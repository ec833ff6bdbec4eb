// Telemetry first: its instrumentation must be in place before gRPC and HTTP load.
import '@pc/kit/telemetry/register';
import { runService } from '@pc/kit/service/run-service';
import { buildAffiliatesApp } from './app.js';
import { affiliatesConfigSchema } from './config.js';

void runService({ name: 'affiliates', configSchema: affiliatesConfigSchema, build: buildAffiliatesApp });
