import { errors } from '@elastic/elasticsearch';
import { DomainError, UnavailableError } from '@pc/kit/errors/domain-errors';

/** Whether Elasticsearch asked us to slow down (a full write queue or circuit breaker). */
export function isBackPressure(error: unknown): boolean {
  return error instanceof errors.ResponseError && error.statusCode === 429;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof errors.ResponseError && error.statusCode === 404;
}

/**
 * Client failures in the port's terms: an unreachable or overloaded cluster is `UnavailableError`
 * (callers retry, gRPC says UNAVAILABLE); domain errors pass; anything else is a bug of ours
 * (a bad query or mapping) and stays as it is, to surface as INTERNAL with its stack.
 */
export function toDomainError(error: unknown, doing: string): unknown {
  if (error instanceof DomainError) return error;
  const unreachable =
    error instanceof errors.ConnectionError ||
    error instanceof errors.TimeoutError ||
    error instanceof errors.NoLivingConnectionsError;
  const overloaded = error instanceof errors.ResponseError && (error.statusCode === 429 || error.statusCode === 503);
  if (unreachable || overloaded)
    return new UnavailableError(`elasticsearch unavailable while ${doing}`, { cause: error });
  return error;
}

/** Runs a call and translates its failure (see `toDomainError`). */
export async function translated<T>(doing: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toDomainError(error, doing);
  }
}
