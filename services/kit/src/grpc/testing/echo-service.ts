import { EchoServiceService } from '@pc/proto/testing/v1/echo';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  FailedPreconditionError,
  InvalidArgumentError,
  NotFoundError,
  UnavailableError,
} from '../../errors/domain-errors.js';
import { currentTraceIds } from '../../telemetry/trace-context.js';
import type { CallContext } from '../service-types.js';
import { serviceRegistration, type ServiceRegistration } from '../service-types.js';

const failures: Record<string, () => Error> = {
  not_found: () => new NotFoundError('product', 'p-1'),
  invalid_argument: () => new InvalidArgumentError([{ field: 'message', reason: 'must not be empty' }]),
  failed_precondition: () => new FailedPreconditionError('shop is not confirmed'),
  unavailable: () => new UnavailableError('try again'),
  crash: () => new Error('secret connection string leaked in a bug'),
};

/** The key under which the service counts handlers that saw their call cancelled. */
export const CANCELLED_KEY = 'cancelled';

export interface EchoServiceOptions {
  readonly counters?: Map<string, number>;
  /** Told when an echo's handler starts (a test can then act on a call in flight). */
  readonly onEcho?: (message: string) => void;
  /** Answered as `server_id` (which of several servers answered). */
  readonly serverId?: string;
}

/** The caller's `x-echo-*` metadata, answered back. */
function echoedMetadata(context: CallContext): Record<string, string> {
  const echoed: Record<string, string> = {};
  for (const [key, value] of Object.entries(context.metadata.getMap()))
    if (key.startsWith('x-echo-') && typeof value === 'string') echoed[key] = value;
  return echoed;
}

/** The kit's test service (proto/testing): echoes, counts, streams, fails and waits on request. */
export function echoService(options: EchoServiceOptions = {}): ServiceRegistration {
  const counters = options.counters ?? new Map<string, number>();
  const count = (key: string): number => {
    const next = (counters.get(key) ?? 0) + 1;
    counters.set(key, next);
    return next;
  };
  const countCancellation = (signal: AbortSignal): void =>
    signal.addEventListener('abort', () => count(CANCELLED_KEY), { once: true });

  return serviceRegistration('pricecompare.testing.v1.EchoService', EchoServiceService, {
    echo: async (request, context) => {
      options.onEcho?.(request.message);
      if (request.delayMs > 0) {
        countCancellation(context.signal);
        await sleep(request.delayMs, undefined, { signal: context.signal });
      }
      const failure = failures[request.failWith];
      if (failure) throw failure();
      return {
        message: request.message,
        tags: request.tags,
        amountMinor: request.amountMinor,
        traceId: currentTraceIds()?.trace_id ?? '',
        metadata: echoedMetadata(context),
        serverId: options.serverId ?? '',
      };
    },
    increment: async (request) => {
      const next = count(request.key);
      if (request.failUnavailable) throw new UnavailableError('try again');
      return { count: next };
    },
    getCount: async (request) => {
      if (request.failUnavailable) {
        count(request.key);
        throw new UnavailableError('try again');
      }
      return { count: counters.get(request.key) ?? 0 };
    },
    countTo: async function* countTo(request, context) {
      countCancellation(context.signal);
      for (let n = 1; n <= request.to; n += 1) {
        if (request.failAfter > 0 && n > request.failAfter)
          throw new FailedPreconditionError(`failed after ${request.failAfter} messages`);
        if (request.intervalMs > 0) await sleep(request.intervalMs, undefined, { signal: context.signal });
        yield { n, padding: 'x'.repeat(request.paddingBytes) };
      }
    },
  });
}
