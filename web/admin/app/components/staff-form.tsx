import { createContext, useContext, type ReactNode } from 'react';

/** The panel's CSRF token, provided by the panel's layout to every form below it. */
export const CsrfContext = createContext('');

/**
 * A write form of a panel: a plain POST (works without JavaScript) carrying the CSRF token and
 * the intent; the action answers with the confirm step, or field errors.
 */
export function StaffForm(props: {
  readonly intent: string;
  readonly action?: string;
  readonly children: ReactNode;
  readonly className?: string;
  readonly label?: string;
  /** `multipart/form-data` for a form with a file. */
  readonly encType?: 'multipart/form-data';
  /** For controls outside the form that belong to it (`form="…"`, e.g. a table's checkboxes). */
  readonly id?: string;
}) {
  const csrf = useContext(CsrfContext);
  return (
    <form
      id={props.id}
      method="post"
      action={props.action}
      encType={props.encType}
      className={props.className ?? 'staff-form'}
      aria-label={props.label}
    >
      <input type="hidden" name="_csrf" value={csrf} />
      <input type="hidden" name="_intent" value={props.intent} />
      {props.children}
    </form>
  );
}

/** One field's error, tied to its input with aria-describedby (`${name}-error`). */
export function FieldError(props: { readonly name: string; readonly errors?: Readonly<Record<string, string>> }) {
  const message = props.errors?.[props.name];
  return message ? (
    <span className="field-error" id={`${props.name}-error`} role="alert">
      {message}
    </span>
  ) : null;
}

/** The form-level error (`_form`) of a write. */
export function FormError(props: { readonly errors?: Readonly<Record<string, string>> }) {
  const message = props.errors?._form;
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}
