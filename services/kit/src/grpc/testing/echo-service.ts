import { EchoServiceService } from '@pc/proto/testing/v1/echo';
import {
  FailedPreconditionError,
  InvalidArgumentError,
  NotFoundError,
  UnavailableError,
} from '../../errors/domain-errors.js';
import { currentTraceIds } from '../../telemetry/trace-context.js';
import { serviceRegistration, type ServiceRegistration } from '../service-types.js';

const failures: Record<string, () => Error> = {
  not_found: () => new NotFoundError('product', 'p-1'),
  invalid_argument: () => new InvalidArgumentError([{ field: 'message', reason: 'must not be empty' }]),
  failed_precondition: () => new FailedPreconditionError('shop is not confirmed'),
  unavailable: () => new UnavailableError('try again'),
  crash: () => new Error('secret connection string leaked in a bug'),
};

/**
 * The kit's test service (proto/testing): echoes, fails on request, waits on request.
 * `onEcho` is told when an echo's handler starts (a test can then act on a call in flight).
 */
export function echoService(counters = new Map<string, number>(), onEcho: (message: string) => void = () => {}): ServiceRegistration {
  return serviceRegistration('pricecompare.testing.v1.EchoService', EchoServiceService, {
    echo: async (request, context) => {
      onEcho(request.message);
      if (request.delayMs > 0) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, request.delayMs);
          context.signal.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(new Error('aborted'));
          });
        });
      }
      const failure = failures[request.failWith];
      if (failure) throw failure();
      return {
        message: request.message,
        tags: request.tags,
        amountMinor: request.amountMinor,
        traceId: currentTraceIds()?.trace_id ?? '',
      };
    },
    increment: async (request) => {
      const count = (counters.get(request.key) ?? 0) + 1;
      counters.set(request.key, count);
      if (request.key.startsWith('unavailable')) throw new UnavailableError('try again');
      return { count };
    },
  });
}
