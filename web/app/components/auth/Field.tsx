import { useSite } from '~/site/use-site';

/** A labelled input with its translated error, wired for assistive technology. */
export function Field({ name, label, type = 'text', error, autoComplete, required = true }: { name: string; label: string; type?: string; error?: string; autoComplete?: string; required?: boolean }) {
  const { t } = useSite();
  const id = `field-${name}`;
  return (
    <label htmlFor={id}>
      {label}
      <input id={id} name={name} type={type} autoComplete={autoComplete} required={required} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error ? (
        <span id={`${id}-error`} className="field-error">
          {t(error)}
        </span>
      ) : null}
    </label>
  );
}
