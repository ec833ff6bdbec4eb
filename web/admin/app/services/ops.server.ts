import { config } from '../config.server';
import { parseOpsUrls, readServiceHealth, type ServiceHealth } from '../panels/infrastructure/service-health';
import { readReplicas, type ReplicaInfo } from '../panels/infrastructure/service-replicas';

/** How long the services page waits for one ops server (they answer from memory). */
const OPS_TIMEOUT_MS = 2_000;

/**
 * Every configured service's liveness and readiness, and its replicas with their versions, read in
 * parallel (OPS_URLS, set by `npm start` and the chart).
 */
export function servicesHealth(): Promise<(ServiceHealth & { replicas: ReplicaInfo[] })[]> {
  return Promise.all(
    parseOpsUrls(config.OPS_URLS).map(async ({ service, url }) => {
      const [health, replicas] = await Promise.all([
        readServiceHealth(service, url, OPS_TIMEOUT_MS),
        readReplicas(url, OPS_TIMEOUT_MS),
      ]);
      return { ...health, replicas };
    }),
  );
}
