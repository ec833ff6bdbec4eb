import { Field } from './Field';

/**
 * The field of a two-step sign-in code (ADR 153): the six digits an authenticator app shows, or,
 * where `recovery` says so, a recovery code too (then not a number pad: those hold letters).
 * Phones offer a code that arrived on them (`one-time-code`).
 */
export function CodeField(props: {
  readonly idPrefix: string;
  readonly label: string;
  readonly error?: string;
  readonly hint?: string;
  readonly recovery?: boolean;
}) {
  return (
    <Field
      idPrefix={props.idPrefix}
      name="code"
      label={props.label}
      hint={props.hint}
      inputMode={props.recovery ? undefined : 'numeric'}
      autoComplete="one-time-code"
      maxLength={40}
      error={props.error}
    />
  );
}
