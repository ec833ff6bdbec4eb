import type { LoginInput, RegisterInput } from './forms';

/**
 * What the login and register actions call. The accounts service is built on another branch;
 * until it is wired here these answer a clear 503 state, which the pages show as "sign-in is
 * not available yet" (no pretend success).
 */
export type FormOutcome =
  | { readonly kind: 'signed-in'; readonly setCookie: string }
  | { readonly kind: 'failed'; readonly status: 400 | 401 | 429; readonly messageKey: string }
  | { readonly kind: 'unavailable'; readonly status: 503; readonly messageKey: 'auth.unavailable' };

const UNAVAILABLE: FormOutcome = { kind: 'unavailable', status: 503, messageKey: 'auth.unavailable' };

export async function signIn(_input: LoginInput, _request: Request): Promise<FormOutcome> {
  return UNAVAILABLE;
}

export async function register(_input: RegisterInput, _request: Request): Promise<FormOutcome> {
  return UNAVAILABLE;
}
