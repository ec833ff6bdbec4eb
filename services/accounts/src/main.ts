// Telemetry first: its instrumentation must be in place before gRPC and HTTP load.
import '@pc/kit/telemetry/register';
import { runService } from '@pc/kit/service/run-service';
import { buildAccountsApp } from './app.js';
import { accountsConfigSchema } from './config.js';

void runService({
  name: 'accounts',
  configSchema: accountsConfigSchema,
  build: (context) => buildAccountsApp(context),
});
