import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';
import { FieldError, FormError, StaffForm } from './staff-form';

/**
 * A write on a user that staff must give a reason for (lock, sign out everywhere, two-step
 * sign-in off): the reason field and the button, errors beside them; the confirm step follows.
 */
export function ReasonForm(props: {
  readonly intent: string;
  readonly label: string;
  readonly errors?: Readonly<Record<string, string>>;
  /** The reason typed before (the form shown again after an error). */
  readonly reason?: string;
  /** What comes first in the form: a heading, a note. */
  readonly children?: ReactNode;
}) {
  const t = useT();
  return (
    <StaffForm intent={props.intent} label={props.label}>
      {props.children}
      <FormError errors={props.errors} />
      <label>
        {t('users.lockReason')}{' '}
        <input name="reason" maxLength={500} aria-describedby="reason-error" defaultValue={props.reason ?? ''} />
      </label>
      <FieldError name="reason" errors={props.errors} /> <button type="submit">{props.label}</button>
    </StaffForm>
  );
}
