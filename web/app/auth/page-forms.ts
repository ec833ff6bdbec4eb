import type { z } from 'zod';

/**
 * The site's page forms use zod schemas shared with their actions (and, for sign-in, with the
 * JSON API), fed from a form post, with their problems as translation keys (spec §5 texts in
 * every interface language).
 */
export type FieldErrors = Partial<Record<string, string>>;

/** The hidden field of every page form that carries the CSRF token (spec §7's XSRF-TOKEN). */
export const CSRF_FIELD = '_csrf';
/** The hidden field that names which form of a page was sent. */
export const INTENT_FIELD = 'intent';

/** A translated text with its values (e.g. "retry in {{seconds}} seconds"). */
export interface FormMessage {
  readonly key: string;
  readonly values?: Readonly<Record<string, string | number>>;
}

/** What a page action answers to the form that was sent (success redirects instead, or says so here). */
export interface FormResult {
  /** The intent of the form this answers (pages with several forms show it at that form). */
  readonly intent?: string;
  readonly errors?: FieldErrors;
  readonly error?: FormMessage;
  readonly done?: FormMessage;
  /**
   * What this one answer shows beside its message and the page keeps nowhere (a new secret to
   * scan, recovery codes: ADR 153); its shape is the form's.
   */
  readonly shown?: unknown;
}

/** A form's success that shows something once beside its message (FormResult.shown). */
export interface FormShown<T> {
  readonly done: FormMessage;
  readonly shown: T;
}

/** Checkboxes of the site's forms: "on" when ticked, absent when not. */
const CHECKBOXES = ['remember', 'terms', 'confirm', 'public', 'rearm_automatically', 'notify_email'];

/** A posted form as the schemas take it: checkboxes as booleans, strings trimmed by the schema. */
export function formInput(form: FormData | Record<string, unknown>): Record<string, unknown> {
  const entries = form instanceof FormData ? Object.fromEntries(form) : form;
  const input: Record<string, unknown> = { ...entries };
  for (const box of CHECKBOXES) input[box] = entries[box] === 'on' || entries[box] === 'true' || entries[box] === true;
  return input;
}

function keyOf(issue: z.core.$ZodIssue): string {
  const rule = issue.code === 'custom' && typeof issue.params?.rule === 'string' ? issue.params.rule : null;
  // A rule of the shared catalogue ("price") or, dotted, a key of its own ("business.validation.url").
  if (rule) return rule.includes('.') ? rule : `validation.${rule}`;
  if (issue.path[0] === 'terms') return 'validation.accepted';
  if (issue.path[0] === 'confirm') return 'validation.confirm';
  switch (issue.code) {
    case 'too_small':
      return Number(issue.minimum) <= 1 ? 'validation.required' : 'validation.passwordMin';
    case 'too_big':
      return 'validation.max';
    case 'invalid_format':
      return issue.format === 'email' ? 'validation.email' : 'validation.invalid';
    default:
      return 'validation.required';
  }
}

/** Field → translation key of its first problem. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= keyOf(issue);
  }
  return errors;
}
