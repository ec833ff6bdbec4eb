import type { RpcError } from '@pc/kit/errors/grpc-errors';
import type { Translate } from '../i18n/languages';

const RULE_MESSAGES: Readonly<Record<string, string>> = {
  required: 'field.required',
  email: 'field.email',
  max: 'field.tooLong',
};

/**
 * A service's field violations as the form's errors: the proto field name (`reason`,
 * `texts[0].name`) is the form field's name up to its first index or dot.
 */
export function fieldErrorsOf(error: RpcError, t: Translate): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const violation of error.violations) {
    const field = violation.field.split(/[.[]/)[0] || '_form';
    const key = violation.rule ? RULE_MESSAGES[violation.rule] : undefined;
    errors[field] ??= key ? t(key, violation.params ?? {}) : violation.reason;
  }
  return errors;
}
