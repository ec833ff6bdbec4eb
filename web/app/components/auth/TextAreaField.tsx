import { useSite } from '~/site/use-site';

/** A text of several lines in a site form: labelled like `Field`, its error described the same way. */
export function TextAreaField({
  name,
  label,
  error,
  required = true,
  defaultValue,
  maxLength,
  rows = 4,
  idPrefix = 'field',
}: {
  readonly name: string;
  readonly label: string;
  readonly error?: string;
  readonly required?: boolean;
  readonly defaultValue?: string;
  readonly maxLength?: number;
  readonly rows?: number;
  readonly idPrefix?: string;
}) {
  const { t } = useSite();
  const id = `${idPrefix}-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        required={required}
        maxLength={maxLength}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <span id={`${id}-error`} className="field-error">
          {t(error)}
        </span>
      ) : null}
    </div>
  );
}
