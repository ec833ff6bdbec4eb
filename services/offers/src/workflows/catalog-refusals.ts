import { status as GrpcStatus } from '@grpc/grpc-js';
import {
  FailedPreconditionError,
  InvalidArgumentError,
  NotFoundError,
  type FieldViolation,
} from '@pc/kit/errors/domain-errors';
import { RpcError } from '@pc/kit/errors/grpc-errors';

/**
 * Catalog's refusal of a staff write offers forwards (a split's bad GTIN or new product) as the
 * same refusal of offers' own call, so staff see the field at fault instead of an internal error.
 * `renameField` maps catalog's field names to the request's. Anything else is rethrown as it is.
 */
export function forwardCatalogRefusal(error: unknown, renameField: (field: string) => string = (f) => f): never {
  if (!(error instanceof RpcError)) throw error;
  const violations: FieldViolation[] = error.violations.map((v) => ({ ...v, field: renameField(v.field) }));
  if (error.code === GrpcStatus.INVALID_ARGUMENT) throw new InvalidArgumentError(violations, { cause: error });
  if (error.code === GrpcStatus.NOT_FOUND)
    throw new NotFoundError('product', /^product (\S+) not found$/.exec(error.details)?.[1] ?? '', { cause: error });
  if (error.code === GrpcStatus.FAILED_PRECONDITION)
    throw new FailedPreconditionError(error.details, { reason: error.reason, violations, cause: error });
  throw error;
}
