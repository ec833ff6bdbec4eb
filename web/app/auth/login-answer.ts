import type { FieldErrors, FormMessage } from './page-forms';

/** The JSON error of a failed call (spec §7: "failure has an error field"). */
export interface ApiError {
  readonly error?: string;
  readonly reason?: string;
  readonly errors?: readonly { readonly field: string; readonly rule?: string }[];
}

/** The rules the API names (query.server.ts ruleOf) for the login form's two fields. */
const RULES: Readonly<Record<string, string>> = {
  min: 'validation.required',
  regex: 'validation.email',
  max: 'validation.max',
};

/**
 * What the login modal shows for a failed POST auth/login (spec §8): the credentials text for a
 * 401, "too many attempts, retry in N seconds" from Retry-After for a 429, the fields of a 400,
 * "page expired" for a 419, and "unavailable" for the rest.
 */
export function loginFailure(
  status: number,
  body: ApiError | null,
  retryAfter: string | null,
): { error?: FormMessage; errors?: FieldErrors } {
  if (status === 401) return { error: { key: 'auth.failed' } };
  if (status === 429)
    return { error: { key: 'auth.throttled', values: { seconds: Math.max(1, Number(retryAfter) || 1) } } };
  if (status === 419) return { error: { key: 'status.419.text' } };
  if (status === 400 && body?.errors) {
    const errors: FieldErrors = {};
    for (const field of body.errors) errors[field.field] ??= RULES[field.rule ?? ''] ?? 'validation.invalid';
    return { errors };
  }
  return { error: { key: 'common.unavailable' } };
}

/** POST auth/login's 202 when the account has two-step sign-in on (ADR 153). */
export interface TwoStepRequiredAnswer {
  readonly two_step_required?: unknown;
  readonly path?: unknown;
}

/**
 * Where the login modal goes after a right password of an account with two-step sign-in: the
 * code page the 202 names (a path on this site only), or null when the answer is anything else.
 */
export function secondStepPath(status: number, body: TwoStepRequiredAnswer | null): string | null {
  if (status !== 202 || body?.two_step_required !== true || typeof body.path !== 'string') return null;
  const { path } = body;
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') ? path : null;
}
