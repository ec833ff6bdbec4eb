import { useSite } from '~/site/use-site';

/** A labelled select with its translated error (country, plan, feed format). */
export function SelectField({
  name,
  label,
  options,
  error,
  defaultValue,
  idPrefix = 'field',
  required = true,
}: {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
  defaultValue?: string;
  idPrefix?: string;
  required?: boolean;
}) {
  const { t } = useSite();
  const id = `${idPrefix}-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <span id={`${id}-error`} className="field-error">
          {t(error)}
        </span>
      ) : null}
    </div>
  );
}
