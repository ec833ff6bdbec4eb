import type { FieldError } from '~/services/grpc-errors.server';

/** Bad query parameters or path segments, found before any service is called: a 400. */
export class InvalidQueryError extends Error {
  constructor(readonly errors: readonly FieldError[]) {
    super(errors.map((e) => `${e.field}: ${e.reason}`).join('; '));
    this.name = 'InvalidQueryError';
  }
}
