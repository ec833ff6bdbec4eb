import { UnavailableError } from '@pc/kit/errors/domain-errors';

/**
 * Settles like `work`, or rejects with UnavailableError once `ms` have passed. The work itself
 * goes on (kafkajs cannot cancel a request); only the caller stops waiting for it.
 */
export async function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UnavailableError(`${what}: Kafka did not answer within ${ms} ms`)), ms);
  });
  try {
    // race() also subscribes to `work`, so a late rejection is handled, not unhandled.
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** A failure of the cluster, as the port's callers expect it: UnavailableError with the cause. */
export function asUnavailable(what: string, error: unknown): Error {
  if (error instanceof UnavailableError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new UnavailableError(`${what}: ${detail}`, { cause: error });
}
