import { NotImplementedError } from '../errors/domain-errors.js';
import type { ServiceDefinition, ServiceHandlers } from './service-types.js';

/**
 * Completes a service's handlers: every RPC of the API without a handler yet answers
 * UNIMPLEMENTED (the standard gRPC status for it), so the whole API is served and callers get
 * an honest answer instead of a missing method.
 */
export function withUnimplemented<D extends ServiceDefinition>(
  definition: D,
  implemented: Partial<ServiceHandlers<D>>,
): ServiceHandlers<D> {
  const handlers: Record<string, unknown> = { ...implemented };
  for (const [key, method] of Object.entries(definition)) {
    if (handlers[key]) continue;
    const fail = () => new NotImplementedError(`${method.path} is not implemented yet`);
    handlers[key] = method.responseStream
      ? // eslint-disable-next-line require-yield -- a stream that fails before its first message
        async function* unimplementedStream() {
          throw fail();
        }
      : async () => {
          throw fail();
        };
  }
  return handlers as ServiceHandlers<D>;
}
