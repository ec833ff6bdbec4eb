import type { LoginForm, RegisterForm } from './forms';

/**
 * What the login and register pages' actions call. The accounts service and the JSON sign-in
 * endpoints (auth/*) exist; wiring these page actions to them (session cookie, CSRF of a page
 * form) is still to do, so they answer a clear 503 state, which the pages show as "sign-in is
 * not available yet" (no pretend success). The guards and the current user are wired already
 * (guards.server.ts, current-user.server.ts).
 */
export type FormOutcome =
  | { readonly kind: 'signed-in'; readonly setCookie: string }
  | { readonly kind: 'failed'; readonly status: 400 | 401 | 429; readonly messageKey: string }
  | { readonly kind: 'unavailable'; readonly status: 503; readonly messageKey: 'auth.unavailable' };

const UNAVAILABLE: FormOutcome = { kind: 'unavailable', status: 503, messageKey: 'auth.unavailable' };

export async function signIn(_input: LoginForm, _request: Request): Promise<FormOutcome> {
  return UNAVAILABLE;
}

export async function register(_input: RegisterForm, _request: Request): Promise<FormOutcome> {
  return UNAVAILABLE;
}
