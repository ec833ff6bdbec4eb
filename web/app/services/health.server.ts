import { credentials, makeGenericClientConstructor, type Client } from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import { config, SERVICE_NAMES, serviceAddress } from '~/config.server';

/** Gateway to the standard gRPC health service of every backend service. */
const HealthClient = makeGenericClientConstructor(healthService, 'grpc.health.v1.Health');

type HealthStub = Client & {
  check(
    request: { service: string },
    options: { deadline: number },
    callback: (error: Error | null, response?: { status: string }) => void,
  ): void;
};

export type ServiceHealth = { name: string; serving: boolean };

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

/** Whether each service of services/services.json answers its health check with SERVING. */
export async function platformHealth(): Promise<ServiceHealth[]> {
  const results = await Promise.all(SERVICE_NAMES.map((name) => check(serviceAddress(name))));
  return SERVICE_NAMES.map((name, i) => ({ name, serving: results[i] ?? false }));
}
