import { AlreadyExistsError, DomainError, UnavailableError } from '@pc/kit/errors/domain-errors';

// Errors are recognised by shape, not instanceof: the native addon keeps the SqliteError class
// and TypeError of whichever module instance (or jest vm context) loaded it first.
function sqliteCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : undefined;
}

export function isBusy(error: unknown): boolean {
  const code = sqliteCode(error);
  return code !== undefined && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/** Maps what SQLite reports to the port's errors; anything else is left as it is (INTERNAL). */
export function translateSqliteError(error: unknown, collection: string): unknown {
  if (error instanceof DomainError) return error;
  const code = sqliteCode(error);
  const message = (error as { message?: unknown } | null)?.message;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return new AlreadyExistsError(`${collection}: a unique index already holds this value (${String(message)})`, {
      cause: error,
    });
  }
  if (isBusy(error)) {
    return new UnavailableError(`${collection}: the database stayed locked by another writer`, { cause: error });
  }
  if (typeof message === 'string' && /database connection is not open/.test(message)) {
    return new UnavailableError('the document store is closed', { cause: error });
  }
  return error;
}
