import type { z } from 'zod';

/**
 * The login and register pages use the forms' zod schemas of `forms.ts` (the same the JSON API
 * checks with), fed from a form post, with their problems as translation keys (spec §5 texts in
 * every interface language).
 */
export type FieldErrors = Partial<Record<string, string>>;

/** A posted form as the schemas take it: checkboxes as booleans, strings trimmed by the schema. */
export function formInput(form: FormData | Record<string, unknown>): Record<string, unknown> {
  const entries = form instanceof FormData ? Object.fromEntries(form) : form;
  const input: Record<string, unknown> = { ...entries };
  for (const box of ['remember', 'terms']) input[box] = entries[box] === 'on' || entries[box] === 'true' || entries[box] === true;
  return input;
}

function keyOf(issue: z.core.$ZodIssue): string {
  const rule = issue.code === 'custom' && typeof issue.params?.rule === 'string' ? issue.params.rule : null;
  if (rule === 'confirmed') return 'validation.confirmed';
  if (issue.path[0] === 'terms') return 'validation.accepted';
  switch (issue.code) {
    case 'too_small':
      return Number(issue.minimum) <= 1 ? 'validation.required' : 'validation.passwordMin';
    case 'too_big':
      return 'validation.max';
    case 'invalid_format':
      return 'validation.email';
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
