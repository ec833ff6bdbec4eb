import { RpcError } from '@pc/kit/errors/grpc-errors';
import { httpStatusForGrpc, isClientFacing } from '@pc/kit/errors/status-table';

/** One bad input field as the browser sees it (`errors[]` of a 400). */
export interface FieldError {
  readonly field: string;
  /** What is wrong, in English. */
  readonly reason: string;
  /** The rule of spec §5's catalogue that failed (e.g. "max", "in"), for translated messages. */
  readonly rule?: string;
}

/** The JSON body of every error the BFF answers: `{ message, errors? }`. */
export interface ErrorBody {
  readonly message: string;
  readonly errors?: readonly FieldError[];
}

/** Generic texts for server-side failures: their real messages stay in the logs. */
const SERVER_MESSAGES: Readonly<Record<number, string>> = {
  501: 'Not implemented',
  503: 'Service unavailable',
  504: 'Service timed out',
};

/** A 400 listing the bad fields. */
export function invalidRequestResponse(errors: readonly FieldError[], message = 'Invalid request'): Response {
  return Response.json({ message, errors } satisfies ErrorBody, { status: 400 });
}

/**
 * The BFF side of the error table: a failed service call becomes an HTTP response with the
 * status the table gives. INVALID_ARGUMENT lists its field violations; NOT_FOUND says only
 * "Not found"; messages of 5xx never reach the browser.
 */
export function responseForError(error: unknown): Response {
  if (!(error instanceof RpcError)) return Response.json({ message: 'Server error' } satisfies ErrorBody, { status: 500 });
  const status = httpStatusForGrpc(error.code);
  if (status === 400 && error.violations.length > 0) {
    return invalidRequestResponse(
      error.violations.map((v) => ({ field: v.field, reason: v.reason, ...(v.rule ? { rule: v.rule } : {}) })),
    );
  }
  if (status === 404) return Response.json({ message: 'Not found' } satisfies ErrorBody, { status });
  if (isClientFacing(error.code)) return Response.json({ message: error.details } satisfies ErrorBody, { status });
  return Response.json({ message: SERVER_MESSAGES[status] ?? 'Server error' } satisfies ErrorBody, { status });
}
