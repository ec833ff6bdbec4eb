// Telemetry first: its instrumentation must be in place before gRPC and HTTP load.
import '@pc/kit/telemetry/register';
import { runService } from '@pc/kit/service/run-service';
import { buildNotificationsApp } from './app.js';
import { notificationsConfigSchema } from './config.js';

void runService({
  name: 'notifications',
  configSchema: notificationsConfigSchema,
  build: (context) => buildNotificationsApp(context),
});
