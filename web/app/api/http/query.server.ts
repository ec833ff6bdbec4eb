import type { z } from 'zod';
import type { FieldError } from '~/services/grpc-errors.server';
import { InvalidQueryError } from './invalid-query.server';

/** Query names that are parsed apart: `refinements[facet]=…` (see refinements.server.ts). */
export const isRefinementKey = (name: string): boolean => name.startsWith('refinements');

/**
 * The query string as one string per name. A repeated name counts as its values joined with
 * commas, so `facets=brand&facets=price` equals `facets=brand,price` and `page=1&page=2` fails
 * as "1,2" would.
 */
export function queryValues(url: URL): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of new Set(url.searchParams.keys())) {
    if (!isRefinementKey(name)) values[name] = url.searchParams.getAll(name).join(',');
  }
  return values;
}

/** The rule name of spec §5's catalogue that a zod issue broke. */
function ruleOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_big':
      return 'max';
    case 'too_small':
      return 'min';
    case 'invalid_value':
      return 'in';
    case 'invalid_format':
      return 'regex';
    case 'invalid_type':
      return issue.expected === 'int' || issue.expected === 'number' ? 'integer' : 'string';
    case 'custom':
      return typeof issue.params?.rule === 'string' ? issue.params.rule : 'invalid';
    default:
      return 'invalid';
  }
}

/**
 * zod's issues as the `errors` of a 400, one per parameter (the first problem of each): the
 * field is the parameter's name, also when the problem is one item of a comma list.
 */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (!byField.has(field)) byField.set(field, { field, reason: issue.message, rule: ruleOf(issue) });
  }
  return [...byField.values()];
}

/** Validates input against a schema or throws the 400 naming every bad field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new InvalidQueryError(fieldErrorsOf(result.error.issues));
  return result.data;
}
