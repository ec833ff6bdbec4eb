import { Form, useActionData, useNavigation } from '@remix-run/react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { z } from 'zod';
import { CSRF_FIELD, INTENT_FIELD, type FieldErrors, type FormResult } from '~/auth/page-forms';
import { useFormValidation } from '~/components/auth/use-form-validation';
import { FormNotice } from './FormNotice';
import { usePageCsrf } from './use-page-csrf';

interface PageFormProps {
  /** The form's zod schema: checked here before sending, and by the action again. */
  readonly schema: z.ZodType;
  /** Which form of the page this is (pages with several forms). */
  readonly intent?: string;
  /** Another route's action (default: this page's). */
  readonly action?: string;
  readonly submit: ReactNode;
  readonly submitClassName?: string;
  /** The button's accessible name where its text alone is ambiguous ("Remove" in a list of products). */
  readonly submitLabel?: string;
  readonly className?: string;
  readonly label?: string;
  /** Show the action's answer at this form (off for row buttons: the page shows it once). */
  readonly showResult?: boolean;
  /** Empty the inputs once the action says it is done (a new list, an alert). */
  readonly resetOnDone?: boolean;
  readonly hidden?: Readonly<Record<string, string | number>>;
  readonly children?: (errors: FieldErrors) => ReactNode;
}

/**
 * A form of the site's pages: a plain POST that works without JavaScript, carrying the CSRF
 * token in a hidden field (spec §7) and its intent; with JavaScript it is checked with its schema
 * first, and its button is disabled while it is on its way.
 */
export function PageForm({
  schema,
  intent,
  action,
  submit,
  submitClassName = 'primary',
  submitLabel,
  className = 'form',
  label,
  showResult = true,
  resetOnDone = false,
  hidden = {},
  children,
}: PageFormProps) {
  const result = useActionData<FormResult>();
  const mine = result && (intent === undefined || result.intent === intent) ? result : undefined;
  const csrf = usePageCsrf();
  const navigation = useNavigation();
  const busy =
    navigation.state === 'submitting' && (intent === undefined || navigation.formData?.get(INTENT_FIELD) === intent);
  const { errors, onSubmit } = useFormValidation(schema, mine?.errors);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (resetOnDone && mine?.done) form.current?.reset();
  }, [mine, resetOnDone]);
  return (
    <Form
      ref={form}
      method="post"
      action={action}
      className={className}
      noValidate
      onSubmit={onSubmit}
      aria-label={label}
    >
      <input type="hidden" name={CSRF_FIELD} value={csrf} />
      {intent ? <input type="hidden" name={INTENT_FIELD} value={intent} /> : null}
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {showResult ? <FormNotice error={mine?.error} done={mine?.done} /> : null}
      {children?.(errors)}
      <button type="submit" className={submitClassName} disabled={busy} aria-label={submitLabel}>
        {submit}
      </button>
    </Form>
  );
}
