import { status as GrpcStatus } from '@grpc/grpc-js';
import { InvalidArgumentError, NotFoundError, RateLimitedError } from './domain-errors.js';
import { ErrorDetail } from '@pc/proto/common/v1/errors';
import { ERROR_DETAIL_KEY, toStatus } from './grpc-errors.js';
import { httpStatusForGrpc } from './status-table.js';

describe('the error table', () => {
  it('carries a domain error to gRPC and on to HTTP', () => {
    const cases: [Error, GrpcStatus, number][] = [
      [new InvalidArgumentError([{ field: 'page', reason: 'must be ≥ 1' }]), GrpcStatus.INVALID_ARGUMENT, 400],
      [new NotFoundError('product', '42'), GrpcStatus.NOT_FOUND, 404],
      [new RateLimitedError('too many attempts', 30_000), GrpcStatus.RESOURCE_EXHAUSTED, 429],
      [new Error('boom'), GrpcStatus.INTERNAL, 500],
    ];
    for (const [error, grpc, http] of cases) {
      const status = toStatus(error);
      expect(status.code).toBe(grpc);
      expect(httpStatusForGrpc(status.code)).toBe(http);
    }
  });

  it('replaces the message of unknown errors and flags them for logging', () => {
    expect(toStatus(new TypeError('db password is hunter2'))).toMatchObject({
      details: 'internal error',
      internal: true,
    });
  });

  it('puts the reason and retry delay of a rate limit in the error detail', () => {
    const raw = toStatus(new RateLimitedError('slow down', 1500, { reason: 'LOGIN_THROTTLED' })).metadata.get(
      ERROR_DETAIL_KEY,
    )[0] as Buffer;
    expect(ErrorDetail.decode(raw)).toMatchObject({ reason: 'LOGIN_THROTTLED', retryAfterMs: 1500 });
  });
});
