import { RpcError } from '@pc/kit/errors/grpc-errors';
import { httpStatusForGrpc } from '@pc/kit/errors/status-table';
import { InvalidQueryError } from '~/api/http/invalid-query.server';

/**
 * How page loaders treat failed service calls: the main entity's failure becomes the status
 * page (unknown id → 404, service down → 503), related data is left out (spec §8: failures
 * loading related data are silently ignored).
 */
export async function required<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    throw statusResponse(error);
  }
}

export async function optional<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    // A status response is what `required` made of a service failure deeper down.
    if (error instanceof RpcError || error instanceof InvalidQueryError || error instanceof Response) return null;
    throw error;
  }
}

export function statusResponse(error: unknown): Response {
  if (error instanceof Response) return error;
  if (error instanceof InvalidQueryError) return new Response('Not found', { status: 404 });
  if (error instanceof RpcError) {
    const status = httpStatusForGrpc(error.code);
    // A bad id in a page path is a page that does not exist.
    return new Response(status < 500 ? 'Not found' : 'Unavailable', { status: status === 400 ? 404 : status });
  }
  console.error('page loader failed', error);
  return new Response('Server error', { status: 500 });
}
