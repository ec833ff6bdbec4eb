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

/** The JSON body of a failed account, favourites, alerts or push call (spec §7: "failure has an error field"). */
export interface ActionErrorBody extends ErrorBody {
  /** The same text as `message`: the spec's login client reads `error`. */
  readonly error: string;
  /** Stable reason code from the service, e.g. INVALID_CREDENTIALS, LOGIN_THROTTLED, EMAIL_TAKEN. */
  readonly reason?: string;
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

const fieldErrors = (error: RpcError): FieldError[] =>
  error.violations.map((v) => ({ field: v.field, reason: v.reason, ...(v.rule ? { rule: v.rule } : {}) }));

/** Status and body of a failure through the one table (the pure part of both responses below). */
function errorAnswer(error: unknown): { status: number; body: ErrorBody } {
  if (!(error instanceof RpcError)) return { status: 500, body: { message: 'Server error' } };
  const status = httpStatusForGrpc(error.code);
  if (status === 400 && error.violations.length > 0)
    return { status, body: { message: 'Invalid request', errors: fieldErrors(error) } };
  if (status === 404) return { status, body: { message: 'Not found' } };
  if (isClientFacing(error.code)) return { status, body: { message: error.details } };
  return { status, body: { message: SERVER_MESSAGES[status] ?? 'Server error' } };
}

/**
 * The BFF side of the error table: a failed service call becomes an HTTP response with the
 * status the table gives. INVALID_ARGUMENT lists its field violations; NOT_FOUND says only
 * "Not found"; messages of 5xx never reach the browser.
 */
export function responseForError(error: unknown): Response {
  const { status, body } = errorAnswer(error);
  return Response.json(body, { status });
}

/**
 * `responseForError` for the state-changing endpoints: the same table, plus the `error` field,
 * the service's reason code, field errors on any 4xx that names fields (e.g. 409 "unique" on
 * email) and `Retry-After` when the service said when to retry (429).
 */
export function responseForActionError(error: unknown): Response {
  const { status, body } = errorAnswer(error);
  const rpc = error instanceof RpcError ? error : null;
  const action: ActionErrorBody = {
    ...body,
    error: body.message,
    ...(rpc?.reason && status < 500 ? { reason: rpc.reason } : {}),
    ...(rpc && !body.errors && status < 500 && rpc.violations.length > 0 ? { errors: fieldErrors(rpc) } : {}),
  };
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  if (rpc?.retryAfterMs) headers.set('Retry-After', String(Math.max(1, Math.ceil(rpc.retryAfterMs / 1000))));
  return Response.json(action, { status, headers });
}
