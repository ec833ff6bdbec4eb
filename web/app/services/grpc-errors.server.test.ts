import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { responseForError } from './grpc-errors.server';

describe('responseForError (the BFF side of the error table)', () => {
  it('answers a bad argument with 400 and its field violations', async () => {
    const error = new RpcError(GrpcStatus.INVALID_ARGUMENT, 'page.hits_per_page: must be between 1 and 100', [
      { field: 'page.hits_per_page', reason: 'must be between 1 and 100', rule: 'between' },
    ]);
    const response = responseForError(error);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'Invalid request',
      errors: [{ field: 'page.hits_per_page', reason: 'must be between 1 and 100', rule: 'between' }],
    });
  });

  it('answers an unknown entity with a bare "Not found", whatever the service said', async () => {
    const response = responseForError(new RpcError(GrpcStatus.NOT_FOUND, 'product 42 not found'));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found' });
  });

  it('passes the message of other client errors through', async () => {
    const response = responseForError(new RpcError(GrpcStatus.ALREADY_EXISTS, 'the domain is taken'));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: 'the domain is taken' });
  });

  it('never passes the message of a server-side failure to the browser', async () => {
    const internal = responseForError(new RpcError(GrpcStatus.INTERNAL, 'db password rejected'));
    expect(internal.status).toBe(500);
    expect(JSON.stringify(await internal.json())).not.toContain('password');
    const down = responseForError(new RpcError(GrpcStatus.UNAVAILABLE, 'connect ECONNREFUSED 10.0.0.7'));
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ message: 'Service unavailable' });
    const unknown = responseForError(new TypeError('x is undefined'));
    expect(unknown.status).toBe(500);
    expect(await unknown.json()).toEqual({ message: 'Server error' });
  });
});
