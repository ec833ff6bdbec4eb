import { useSite } from '~/site/use-site';

/** A labelled checkbox with its translated error (terms, remember-me, confirmations). */
export function CheckField({
  name,
  label,
  error,
  defaultChecked,
  idPrefix = 'field',
}: {
  name: string;
  label: string;
  error?: string | undefined;
  defaultChecked?: boolean;
  idPrefix?: string;
}) {
  const { t } = useSite();
  const id = `${idPrefix}-${name}`;
  return (
    <>
      <label className="check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name={name}
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />{' '}
        {label}
      </label>
      {error ? (
        <span id={`${id}-error`} className="field-error">
          {t(error)}
        </span>
      ) : null}
    </>
  );
}
