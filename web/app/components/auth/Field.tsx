import type { HTMLInputTypeAttribute } from 'react';
import { useSite } from '~/site/use-site';

interface FieldProps {
  readonly name: string;
  readonly label: string;
  readonly type?: HTMLInputTypeAttribute;
  readonly error?: string | undefined;
  readonly autoComplete?: string;
  readonly required?: boolean;
  readonly defaultValue?: string;
  readonly inputMode?: 'decimal' | 'numeric' | 'email' | 'tel' | 'text';
  readonly maxLength?: number;
  /** A line under the label saying what to enter (read with the field, before its error). */
  readonly hint?: string;
  /** Tells the form's id apart where a page has the same field twice. */
  readonly idPrefix?: string;
  /** A text of several lines: a textarea of this many rows instead of an input. */
  readonly rows?: number;
}

/** A labelled input (or textarea) with its translated error, wired for assistive technology. */
export function Field({
  name,
  label,
  type = 'text',
  error,
  autoComplete,
  required = true,
  defaultValue,
  inputMode,
  maxLength,
  hint,
  idPrefix = 'field',
  rows,
}: FieldProps) {
  const { t } = useSite();
  const id = `${idPrefix}-${name}`;
  const descriptions = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const described = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': descriptions || undefined,
  } as const;
  // The error sits outside the label: the field's name stays its label, the error is its description.
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <span id={`${id}-hint`} className="field-hint muted">
          {hint}
        </span>
      ) : null}
      {rows === undefined ? (
        <input
          id={id}
          name={name}
          type={type}
          autoComplete={autoComplete}
          required={required}
          defaultValue={defaultValue}
          inputMode={inputMode}
          maxLength={maxLength}
          {...described}
        />
      ) : (
        <textarea
          id={id}
          name={name}
          rows={rows}
          required={required}
          defaultValue={defaultValue}
          maxLength={maxLength}
          {...described}
        />
      )}
      {error ? (
        <span id={`${id}-error`} className="field-error">
          {t(error)}
        </span>
      ) : null}
    </div>
  );
}
