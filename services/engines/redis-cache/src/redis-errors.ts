import { FailedPreconditionError, UnavailableError } from '@pc/kit/errors/domain-errors';

/** Replies that mean "this server cannot answer now" (loading the AOF, busy script, replica). */
const TRANSIENT_REPLY = /^(LOADING|BUSY|READONLY|MASTERDOWN|TRYAGAIN|CLUSTERDOWN|NOREPLICAS)\b/;
/** INCRBY on "abc" or on a number beyond 64 bits. */
const NOT_INTEGER_REPLY = /value is not an integer/;
/** INCRBY whose result would leave the 64-bit range. */
const OVERFLOW_REPLY = /would overflow/;
/** A key that another client filled with a list, hash… (never written by this adapter). */
const WRONG_TYPE_REPLY = /^WRONGTYPE\b/;

/**
 * Maps an ioredis failure to the domain error a caller can act on. Server replies carry the
 * name "ReplyError"; anything else ioredis rejects with (connection closed, offline queue
 * disabled, MaxRetriesPerRequestError, command timeout, ECONNREFUSED) means Redis is out of
 * reach. Other replies are defects and pass through unchanged (they become INTERNAL).
 */
export function toDomainError(error: unknown, key: string): Error {
  if (!(error instanceof Error)) return new UnavailableError('redis call failed', { cause: error });
  if (error.name === 'ReplyError') {
    if (NOT_INTEGER_REPLY.test(error.message)) {
      return new FailedPreconditionError(`cache value of ${key} is not an integer`, { cause: error });
    }
    if (OVERFLOW_REPLY.test(error.message)) {
      return new FailedPreconditionError(`cache counter ${key} would overflow 64 bits`, { cause: error });
    }
    if (WRONG_TYPE_REPLY.test(error.message)) {
      return new FailedPreconditionError(`cache key ${key} holds a non-string value`, { cause: error });
    }
    if (TRANSIENT_REPLY.test(error.message)) return new UnavailableError('redis is not serving yet', { cause: error });
    return error;
  }
  return new UnavailableError(`redis is unreachable: ${error.message}`, { cause: error });
}
