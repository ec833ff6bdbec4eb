import { status as GrpcStatus } from '@grpc/grpc-js';
import type { FieldViolation } from '@pc/kit/errors/domain-errors';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { httpStatusForGrpc } from '@pc/kit/errors/status-table';
import { InvalidQueryError } from '~/api/http/invalid-query.server';
import type { FieldErrors, FormMessage, FormResult } from '~/auth/page-forms';

/** A reason's text: its key, or a message made from the error (e.g. with the attempts left its metadata names). */
export type ReasonText = string | ((error: RpcError) => FormMessage);

/** Service reason codes → the form-level text a page shows for them (per form: a wrong password means different things). */
export type ReasonTexts = Readonly<Record<string, ReasonText>>;

/**
 * A service's field violation → the form field it belongs to and its text, where the form names
 * its fields otherwise than the service ("address.zip_code" is the form's "zip_code") or has a
 * text of its own for the rule; undefined: the common mapping.
 */
export type ViolationFields = (
  violation: FieldViolation,
) => { readonly field: string; readonly key: string } | undefined;

/** Texts every form shares (spec §8). */
const COMMON: ReasonTexts = {
  INVALID_CREDENTIALS: 'auth.failed',
  TOKEN_INVALID_OR_EXPIRED: 'auth.tokenInvalid',
  EMAIL_NOT_VERIFIED: 'verify.unverified',
  ALREADY_VERIFIED: 'verify.already',
};

/** A rule of a service's field violation → the validation text (spec §5 catalogue). */
const RULES: Readonly<Record<string, string>> = {
  required: 'validation.required',
  email: 'validation.email',
  unique: 'validation.unique',
  confirmed: 'validation.confirmed',
  max: 'validation.max',
  min: 'validation.passwordMin',
  accepted: 'validation.accepted',
  in: 'validation.invalid',
};

/** Seconds until a throttled call may be retried (spec §8: "too many attempts, retry in N seconds"). */
function retrySeconds(error: RpcError): number {
  const stated = Number(error.metadata.retry_after_seconds);
  if (Number.isFinite(stated) && stated > 0) return stated;
  return Math.max(1, Math.ceil((error.retryAfterMs ?? 1000) / 1000));
}

/**
 * A failed service call as a page form shows it, through the one error table for the status:
 * field violations at their fields, known reasons and throttling as the form's message, the rest
 * as "unavailable" (messages of 5xx never reach users; unexpected failures are logged).
 */
export function formFailure(
  error: unknown,
  intent: string | undefined,
  reasons: ReasonTexts = {},
  fields?: ViolationFields,
): { status: number; result: FormResult } {
  const answer = (status: number, result: Omit<FormResult, 'intent'>) => ({
    status,
    result: { ...(intent ? { intent } : {}), ...result },
  });
  if (error instanceof InvalidQueryError) {
    const errors: FieldErrors = {};
    for (const found of error.errors) errors[found.field] ??= RULES[found.rule ?? ''] ?? 'validation.invalid';
    return answer(400, { errors });
  }
  if (!(error instanceof RpcError)) {
    console.error('page form failed', error);
    return answer(500, { error: { key: 'common.unavailable' } });
  }
  const status = httpStatusForGrpc(error.code);
  if (error.code === GrpcStatus.RESOURCE_EXHAUSTED) {
    const own = reasons[error.reason ?? ''];
    const message: FormMessage = {
      key: typeof own === 'string' ? own : 'auth.throttled',
      values: { seconds: retrySeconds(error) },
    };
    return answer(429, { error: message });
  }
  const known = error.reason ? (reasons[error.reason] ?? COMMON[error.reason]) : undefined;
  if (known) return answer(status, { error: typeof known === 'string' ? { key: known } : known(error) });
  if (status < 500 && error.violations.length > 0) {
    const errors: FieldErrors = {};
    for (const violation of error.violations) {
      const own = fields?.(violation);
      if (own) errors[own.field] ??= own.key;
      else errors[violation.field.split('.')[0] ?? 'form'] ??= RULES[violation.rule ?? ''] ?? 'validation.invalid';
    }
    return answer(status, { errors });
  }
  if (status === 404) return answer(404, { error: { key: 'common.notFound' } });
  if (status >= 500) console.warn('page form: service failed', error.message);
  return answer(status >= 500 ? 503 : status, {
    error: { key: status >= 500 ? 'common.unavailable' : 'common.failed' },
  });
}
