import { data, redirect } from '@remix-run/node';
import type { z } from 'zod';
import { fieldErrors, formInput, type FieldErrors } from '~/auth/page-forms';
import type { FormOutcome } from '~/auth/forms.server';
import { safeRedirectTarget } from '~/auth/guards.server';

export interface AuthActionData {
  readonly errors?: FieldErrors;
  readonly formError?: string;
}

/**
 * The action of the login and register forms: 400 with the field errors of the form's schema,
 * else the accounts call; signed in → the redirect target; failures and "not available yet"
 * answer with their status and a message key.
 */
export async function authAction<S extends z.ZodType>(
  request: Request,
  schema: S,
  call: (input: z.output<S>, request: Request) => Promise<FormOutcome>,
  home: string,
) {
  const form = Object.fromEntries(await request.formData());
  const parsed = schema.safeParse(formInput(form));
  if (!parsed.success) return data<AuthActionData>({ errors: fieldErrors(parsed.error) }, { status: 400 });
  const outcome = await call(parsed.data, request);
  if (outcome.kind === 'signed-in') {
    const target = safeRedirectTarget(new URL(request.url).searchParams.get('redirect') ?? (typeof form.redirect === 'string' ? form.redirect : null), home);
    return redirect(target, { headers: { 'Set-Cookie': outcome.setCookie } });
  }
  return data<AuthActionData>({ formError: outcome.messageKey }, { status: outcome.status });
}
