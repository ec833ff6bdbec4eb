import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { responseForError } from './grpc-errors.server';

describe('responseForError (the BFF side of the error table)', () => {
  it('answers a client error with its status, message and field violations', async () => {
    const error = new RpcError(GrpcStatus.INVALID_ARGUMENT, 'page.hits_per_page: must be between 1 and 100', [
      { field: 'page.hits_per_page', reason: 'must be between 1 and 100' },
    ]);
    const response = responseForError(error);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'page.hits_per_page: must be between 1 and 100',
      violations: [{ field: 'page.hits_per_page', reason: 'must be between 1 and 100' }],
    });
    expect(responseForError(new RpcError(GrpcStatus.NOT_FOUND, 'product 42 not found')).status).toBe(404);
  });

  it('never passes the message of a server-side failure to the browser', async () => {
    const internal = responseForError(new RpcError(GrpcStatus.INTERNAL, 'db password rejected'));
    expect(internal.status).toBe(500);
    expect(JSON.stringify(await internal.json())).not.toContain('password');
    const down = responseForError(new RpcError(GrpcStatus.UNAVAILABLE, 'connect ECONNREFUSED 10.0.0.7'));
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ error: 'service unavailable' });
    expect(responseForError(new TypeError('x is undefined')).status).toBe(500);
  });
});
