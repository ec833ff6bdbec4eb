import { config } from '../config.server';
import { parseOpsUrls, readServiceHealth, type ServiceHealth } from '../panels/infrastructure/service-health';

/** How long the services page waits for one ops server (they answer from memory). */
const OPS_TIMEOUT_MS = 2_000;

/** Every configured service's liveness and readiness, read in parallel (OPS_URLS, set by `npm start` and the chart). */
export function servicesHealth(): Promise<ServiceHealth[]> {
  return Promise.all(
    parseOpsUrls(config.OPS_URLS).map(({ service, url }) => readServiceHealth(service, url, OPS_TIMEOUT_MS)),
  );
}
