import type { FieldViolation } from '@pc/kit/errors/domain-errors';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import type { ViolationFields } from '~/data/form-failure.server';

/** offers' rule names → the texts of the business forms (spec §5 catalogue; own texts for postal code, phone, URL). */
const RULE_TEXTS: Readonly<Record<string, string>> = {
  required: 'validation.required',
  email: 'validation.email',
  max: 'validation.max',
  accepted: 'validation.accepted',
  postal_code: 'business.validation.postalCode',
  phone: 'business.validation.phone',
  url: 'business.validation.url',
  unique: 'business.validation.parameterTwice',
  in: 'validation.invalid',
};

const keyOf = (violation: FieldViolation): string => RULE_TEXTS[violation.rule ?? ''] ?? 'validation.invalid';

/** RegisterShop's fields → the register-shop form's. */
const REGISTER_FIELDS: Readonly<Record<string, string>> = {
  homepage_url: 'homepage',
  'address.line1': 'line1',
  'address.line2': 'line2',
  'address.zip_code': 'zip_code',
  'address.city': 'city',
  'address.country': 'country',
  terms_accepted: 'terms',
  feed_format: 'feed_url',
};

export const registerShopViolations: ViolationFields = (violation) => {
  const field =
    REGISTER_FIELDS[violation.field] ?? (violation.field.startsWith('countries') ? 'country' : violation.field);
  return { field, key: keyOf(violation) };
};

/** UpdateShop's fields → shop settings' details form (the register form's names, and its description). */
export const shopDetailsViolations: ViolationFields = (violation) => ({
  field: REGISTER_FIELDS[violation.field] ?? violation.field,
  key: keyOf(violation),
});

/** AddFeed / UpdateFeed: the same names (url, format), offers' texts. */
export const feedViolations: ViolationFields = (violation) => ({
  field: violation.field.split('.')[0] ?? 'url',
  key: keyOf(violation),
});

/**
 * SetUrlParameters numbers the rows it got ("url_parameters[2].name" is the third row sent); the
 * form leaves empty rows out, so the sent row 2 is the form's `rows[2].index`: its error is the
 * form field `param_name_<index>`.
 */
export function parameterErrors(error: unknown, rows: readonly { readonly index: number }[]): unknown {
  if (!(error instanceof RpcError) || error.violations.length === 0) return error;
  const violations = error.violations.map((violation) => {
    const match = /^url_parameters\[(\d+)\]\.(name|value)$/.exec(violation.field);
    const row = rows[Number(match?.[1] ?? 0)] ?? rows[0];
    return { ...violation, field: `param_${match?.[2] ?? 'name'}_${row?.index ?? 0}` };
  });
  return new RpcError(error.code, error.message, violations, error.retryAfterMs, error.reason);
}

/** The URL parameters form's fields as parameterErrors named them, with offers' texts. */
export const parameterViolations: ViolationFields = (violation) => ({ field: violation.field, key: keyOf(violation) });
