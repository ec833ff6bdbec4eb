import { startTelemetry } from './start.js';

/**
 * Imported first by every service's main.ts, so telemetry starts before gRPC and HTTP load.
 * The service name comes from OTEL_SERVICE_NAME, or the service's folder (services/<name>/dist).
 */
const fromPath = require.main?.filename.split(/[\\/]/).slice(-3, -2)[0];
startTelemetry(process.env.OTEL_SERVICE_NAME ?? fromPath ?? 'unknown-service');
