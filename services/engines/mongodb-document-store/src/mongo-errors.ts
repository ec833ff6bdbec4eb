import { AlreadyExistsError, DomainError, UnavailableError } from '@pc/kit/errors/domain-errors';

// Recognised by name and code, not instanceof: the driver's classes differ between the copies
// that mongoose and a test (or a jest vm context) may load.
const UNAVAILABLE_NAMES = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
  'MongoWaitQueueTimeoutError',
]);

// Server codes of a node going away or stepping down: the request may succeed elsewhere or later.
const UNAVAILABLE_CODES = new Set([6, 7, 89, 91, 189, 9001, 10107, 11600, 11602, 13435, 13436]);

export const DUPLICATE_KEY = 11000;

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

/**
 * MongoDB's duplicate key error. FerretDB v1 reports a unique index refusing an update (not an
 * insert) as an InternalError carrying SQLite's message; that form is recognised too.
 */
export function isDuplicateKey(error: unknown): boolean {
  const code = codeOf(error);
  if (code === DUPLICATE_KEY || code === 11001) return true;
  const message =
    (error as { message?: unknown; errmsg?: unknown } | null)?.message ??
    (error as { errmsg?: unknown } | null)?.errmsg;
  return code === 1 && typeof message === 'string' && message.includes('UNIQUE constraint failed');
}

export function isUnavailable(error: unknown, depth = 0): boolean {
  // A bulkWrite cut off by a lost connection is a MongoBulkWriteError that carries the network
  // error as its `errorResponse` (or `cause`): look at what it wraps.
  const wrapped = error as { errorResponse?: unknown; cause?: unknown } | null;
  if (
    depth < 3 &&
    wrapped &&
    [wrapped.errorResponse, wrapped.cause].some((inner) => inner instanceof Error && isUnavailable(inner, depth + 1))
  ) {
    return true;
  }
  const name = (error as { name?: unknown } | null)?.name;
  if (typeof name === 'string' && UNAVAILABLE_NAMES.has(name)) return true;
  const code = codeOf(error);
  if (typeof code === 'number' && UNAVAILABLE_CODES.has(code)) return true;
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof message !== 'string') return false;
  // FerretDB v1 ends the operations it is running when it shuts down with an InternalError
  // (MongoDB answers InterruptedAtShutdown, 11600, above).
  if (code === 1 && message.includes('context canceled')) return true;
  // mongoose with bufferCommands off, before the first connection or after close().
  return /before initial connection is complete|Connection was force closed/.test(message);
}

/** Maps what the driver reports to the port's errors; anything else is left as it is (INTERNAL). */
export function translateMongoError(error: unknown, collection: string): unknown {
  if (error instanceof DomainError) return error;
  if (isDuplicateKey(error)) {
    const message = (error as { message?: unknown }).message;
    return new AlreadyExistsError(`${collection}: a unique index already holds this value (${String(message)})`, {
      cause: error,
    });
  }
  if (isUnavailable(error)) {
    return new UnavailableError(`${collection}: the MongoDB server is unreachable`, { cause: error });
  }
  return error;
}
