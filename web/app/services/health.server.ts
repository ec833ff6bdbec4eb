import { createServiceClient } from '@pc/kit/grpc/client';
import type { ServiceDefinition } from '@pc/kit/grpc/service-types';
import { service as healthService } from 'grpc-health-check';
import { config, SERVICE_NAMES, serviceAddress } from '~/config.server';

/** The standard gRPC health service (grpc-health-check's definition: Check, Watch, List). */
const HealthDefinition = healthService as unknown as { Check: ServiceDefinition[string] };

export type ServiceHealth = { name: string; serving: boolean };

/** Gateway to the health service of every backend service, over the same channels as their APIs. */
const clients = new Map(
  SERVICE_NAMES.map((name) => [
    name,
    createServiceClient(HealthDefinition, serviceAddress(name), { deadlineMs: config.SERVICE_DEADLINE_MS }),
  ]),
);

async function serving(name: string): Promise<boolean> {
  try {
    const response = (await clients.get(name)!.Check({ service: '' })) as { status?: string };
    return response.status === 'SERVING';
  } catch {
    return false;
  }
}

/** Whether each service of services/services.json answers its health check with SERVING. */
export async function platformHealth(): Promise<ServiceHealth[]> {
  const results = await Promise.all(SERVICE_NAMES.map(serving));
  return SERVICE_NAMES.map((name, i) => ({ name, serving: results[i] ?? false }));
}
