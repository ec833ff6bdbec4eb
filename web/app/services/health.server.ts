import { credentials, makeGenericClientConstructor, type Client } from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import { config } from '~/config.server';

/** Gateway to the standard gRPC health service of every backend service. */
const HealthClient = makeGenericClientConstructor(healthService, 'grpc.health.v1.Health');

type HealthStub = Client & {
  check(
    request: { service: string },
    options: { deadline: number },
    callback: (error: Error | null, response?: { status: string }) => void,
  ): void;
};

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

const stubs = new Map<string, HealthStub>();
function stubFor(address: string): HealthStub {
  let stub = stubs.get(address);
  if (!stub) {
    stub = new HealthClient(address, credentials.createInsecure()) as unknown as HealthStub;
    stubs.set(address, stub);
  }
  return stub;
}

function check(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    stubFor(address).check({ service: '' }, { deadline: Date.now() + config.SERVICE_DEADLINE_MS }, (error, response) =>
      resolve(!error && response?.status === 'SERVING'),
    );
  });
}

/** Whether each service answers its health check with SERVING. */
export async function platformHealth(): Promise<ServiceHealth[]> {
  const names = Object.keys(SERVICES) as ServiceName[];
  const results = await Promise.all(names.map((name) => check(SERVICES[name])));
  return names.map((name, i) => ({ name, serving: results[i] ?? false }));
}
