import { data, type ActionFunctionArgs } from '@remix-run/node';
import type { z } from 'zod';
import { hasValidFormCsrf } from '~/auth/csrf.server';
import {
  fieldErrors,
  formInput,
  INTENT_FIELD,
  type FormMessage,
  type FormResult,
  type FormShown,
} from '~/auth/page-forms';
import { readForm } from '~/api/http/request-body.server';
import { formFailure, type ReasonTexts, type ViolationFields } from './form-failure.server';

/** What a form's handler gets: its checked input and the request's context (client IP). */
export interface FormCall<T> {
  readonly input: T;
  /** The whole post (fields the schema does not keep, such as the redirect target). */
  readonly posted: FormData;
  readonly request: Request;
  readonly context: ActionFunctionArgs['context'];
}

/** One form of a page: its schema (the one the page checks with too) and what it does. */
export interface PageForm<S extends z.ZodType> {
  readonly schema: S;
  /** A redirect (success elsewhere), or the message to show at the form (with what it shows once). */
  readonly run: (call: FormCall<z.output<S>>) => Promise<Response | FormMessage | FormShown<unknown>>;
  /** Texts for the service's reason codes that mean something particular here. */
  readonly reasons?: ReasonTexts;
  /** Where the service's field violations go when its field names are not the form's. */
  readonly violations?: ViolationFields;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each form has its own schema
export type PageForms = Readonly<Record<string, PageForm<any>>>;

export const pageForm = <S extends z.ZodType>(form: PageForm<S>): PageForm<S> => form;

const answer = (status: number, result: FormResult) =>
  data<FormResult>(result, { status, headers: { 'Cache-Control': 'no-store' } });

/**
 * The action of a page with forms (docs/conventions.md §8), the same for every page: the CSRF proof of
 * the hidden field (419 "page expired" without it), the form named by `intent` (or the only one),
 * 400 with the field errors of its schema, then its call; success redirects or answers the
 * form's message, a failed call answers its status with the text for it.
 */
export async function pageFormAction(
  args: ActionFunctionArgs,
  forms: PageForms,
): Promise<Response | ReturnType<typeof answer>> {
  const { request, context } = args;
  const posted = await readForm(request);
  const names = Object.keys(forms);
  const asked = posted.get(INTENT_FIELD);
  const intent = typeof asked === 'string' && asked !== '' ? asked : names.length === 1 ? names[0] : undefined;
  const form = intent !== undefined ? forms[intent] : undefined;
  const tagged = names.length > 1 && intent ? { intent } : {};
  if (!hasValidFormCsrf(request, posted)) return answer(419, { ...tagged, error: { key: 'status.419.text' } });
  if (!form) return answer(400, { error: { key: 'common.failed' } });
  const parsed = form.schema.safeParse(formInput(posted));
  if (!parsed.success) return answer(400, { ...tagged, errors: fieldErrors(parsed.error) });
  try {
    const outcome = await form.run({ input: parsed.data, posted, request, context });
    if (outcome instanceof Response) return outcome;
    return answer(200, { ...tagged, ...('shown' in outcome ? outcome : { done: outcome }) });
  } catch (error) {
    if (error instanceof Response) throw error;
    const { status, result } = formFailure(error, names.length > 1 ? intent : undefined, form.reasons, form.violations);
    return answer(status, result);
  }
}
