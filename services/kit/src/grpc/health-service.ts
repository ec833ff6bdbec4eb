import { service as healthDefinition } from 'grpc-health-check';
import { NotFoundError } from '../errors/domain-errors.js';
import type { CallContext, ServiceDefinition, ServiceRegistration } from './service-types.js';

export type ServingStatus = 'UNKNOWN' | 'SERVING' | 'NOT_SERVING' | 'SERVICE_UNKNOWN';
type StatusMessage = { status: ServingStatus };

/**
 * The standard `grpc.health.v1.Health` service (Check, Watch, List) with the codecs of the
 * grpc-health-check package, served by the kit's transport like any other service: Kubernetes
 * gRPC probes and grpc-health-probe call Check; load balancers may Watch.
 */
export class HealthService {
  private readonly statuses = new Map<string, ServingStatus>();
  private readonly watchers = new Map<string, Set<(status: ServingStatus) => void>>();

  setStatus(service: string, status: ServingStatus): void {
    this.statuses.set(service, status);
    for (const watcher of this.watchers.get(service) ?? []) watcher(status);
  }

  registration(): ServiceRegistration {
    return {
      name: 'grpc.health.v1.Health',
      definition: healthDefinition as unknown as ServiceDefinition,
      handlers: {
        Check: async (request: { service: string }): Promise<StatusMessage> => {
          const status = this.statuses.get(request.service);
          if (!status) throw new NotFoundError('health status of service', JSON.stringify(request.service));
          return { status };
        },
        Watch: (request: { service: string }, context: CallContext) => this.watch(request.service, context.signal),
        List: async () => ({
          statuses: Object.fromEntries([...this.statuses].map(([service, status]) => [service, { status }])),
        }),
      },
    } as unknown as ServiceRegistration;
  }

  /** The current status, then every change, until the caller goes away. */
  private async *watch(service: string, signal: AbortSignal): AsyncIterable<StatusMessage> {
    const queue: ServingStatus[] = [this.statuses.get(service) ?? 'SERVICE_UNKNOWN'];
    let wake: (() => void) | undefined;
    const watcher = (status: ServingStatus): void => {
      queue.push(status);
      wake?.();
    };
    const onAbort = (): void => wake?.();
    let set = this.watchers.get(service);
    if (!set) this.watchers.set(service, (set = new Set()));
    set.add(watcher);
    signal.addEventListener('abort', onAbort);
    try {
      while (!signal.aborted) {
        const status = queue.shift();
        if (status) yield { status };
        else await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      set.delete(watcher);
      signal.removeEventListener('abort', onAbort);
    }
  }
}
