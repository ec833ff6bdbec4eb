import { status } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { optional, required } from './load.server';

describe('page loader failures', () => {
  it('turn a failed main call into the status page: unknown → 404, down → 503', async () => {
    await expect(required(Promise.reject(new RpcError(status.NOT_FOUND, 'no')))).rejects.toMatchObject({ status: 404 });
    await expect(required(Promise.reject(new RpcError(status.UNAVAILABLE, 'down')))).rejects.toMatchObject({
      status: 503,
    });
  });

  it('leave out related data whose call failed, even when it went through required', async () => {
    expect(await optional(Promise.reject(new RpcError(status.UNAVAILABLE, 'down')))).toBeNull();
    expect(await optional(required(Promise.reject(new RpcError(status.NOT_FOUND, 'no'))))).toBeNull();
  });

  it('do not hide bugs', async () => {
    await expect(optional(Promise.reject(new TypeError('bug')))).rejects.toThrow('bug');
  });
});
