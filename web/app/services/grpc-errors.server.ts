import { RpcError } from '@pc/kit/errors/grpc-errors';
import { httpStatusForGrpc, isClientFacing } from '@pc/kit/errors/status-table';

/**
 * The BFF side of the error table: a failed service call becomes an HTTP response with the
 * status the table gives. Messages of 5xx never reach the browser.
 */
export function responseForError(error: unknown): Response {
  if (error instanceof RpcError) {
    const status = httpStatusForGrpc(error.code);
    if (isClientFacing(error.code)) {
      return Response.json({ error: error.details, violations: error.violations }, { status });
    }
    return Response.json({ error: status === 503 ? 'service unavailable' : 'server error' }, { status });
  }
  return Response.json({ error: 'server error' }, { status: 500 });
}
