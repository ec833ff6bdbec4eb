import { createServiceClient } from '@pc/kit/grpc/client';
import type { ServiceDefinition } from '@pc/kit/grpc/service-types';
import { service as healthService } from 'grpc-health-check';
import { config } from '~/config.server';

/** The standard gRPC health service (grpc-health-check's definition: Check, Watch, List). */
const HealthDefinition = healthService as unknown as { Check: ServiceDefinition[string] };

const SERVICES = {
  catalog: config.CATALOG_GRPC_ADDR,
  offers: config.OFFERS_GRPC_ADDR,
  search: config.SEARCH_GRPC_ADDR,
  accounts: config.ACCOUNTS_GRPC_ADDR,
  billing: config.BILLING_GRPC_ADDR,
  affiliates: config.AFFILIATES_GRPC_ADDR,
  crawler: config.CRAWLER_GRPC_ADDR,
  notifications: config.NOTIFICATIONS_GRPC_ADDR,
} as const;

export type ServiceName = keyof typeof SERVICES;
export type ServiceHealth = { name: ServiceName; serving: boolean };

/** Gateway to the health service of every backend service, over the same channels as their APIs. */
const clients = Object.fromEntries(
  Object.entries(SERVICES).map(([name, address]) => [name, createServiceClient(HealthDefinition, address, { deadlineMs: config.SERVICE_DEADLINE_MS })]),
) as Record<ServiceName, ReturnType<typeof createServiceClient<typeof HealthDefinition>>>;

async function serving(name: ServiceName): Promise<boolean> {
  try {
    const response = (await clients[name].Check({ service: '' })) as { status?: string };
    return response.status === 'SERVING';
  } catch {
    return false;
  }
}

/** Whether each service answers its health check with SERVING. */
export async function platformHealth(): Promise<ServiceHealth[]> {
  const names = Object.keys(SERVICES) as ServiceName[];
  const results = await Promise.all(names.map(serving));
  return names.map((name, i) => ({ name, serving: results[i] ?? false }));
}
