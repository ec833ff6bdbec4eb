import { useEffect, useRef, useState, type FormEvent } from 'react';
import { loginFailure, secondStepPath, type ApiError, type TwoStepRequiredAnswer } from '~/auth/login-answer';
import { fieldErrors, formInput, type FieldErrors, type FormMessage } from '~/auth/page-forms';
import { FormNotice } from '~/components/forms/FormNotice';
import { apiSend } from '~/site/api-client';
import { useSite } from '~/site/use-site';
import { LoginExtras, LoginFields } from './LoginFields';

/**
 * The sign-in schema, loaded when the modal opens: it brings zod (about 27 KB compressed), which
 * no page needs before someone signs in, so the masthead of every page does not carry it.
 */
const loadLoginForm = () => import('~/auth/forms').then((forms) => forms.loginForm);

/**
 * The login modal of spec §2.6 (a native <dialog>): the §7 sign-in — GET auth/csrf-cookie,
 * then POST auth/login with the X-XSRF-TOKEN header — and, signed in, the same page again with
 * the user's chrome; an account with two-step sign-in goes to the code page the 202 names, which
 * comes back here. A failure shows the §8 text. Without JavaScript the login page stands in.
 */
export function LoginModal({ onClose }: { onClose: () => void }) {
  const { t } = useSite();
  const dialog = useRef<HTMLDialogElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<FormMessage | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    dialog.current?.showModal();
    // Fetched while the visitor types, so the submit does not wait for it.
    void loadLoginForm().catch(() => undefined);
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = formInput(new FormData(event.currentTarget));
    setError(undefined);
    setBusy(true);
    try {
      const parsed = (await loadLoginForm()).safeParse(input);
      if (!parsed.success) return setErrors(fieldErrors(parsed.error));
      setErrors({});
      // The page to come back to after a second step (two-step sign-in, ADR 153).
      const redirect = `${window.location.pathname}${window.location.search}`;
      const answer = await apiSend<ApiError & TwoStepRequiredAnswer>('POST', '/auth/login', {
        ...parsed.data,
        redirect,
      });
      const codePage = secondStepPath(answer.status, answer.body);
      if (codePage) return window.location.assign(codePage);
      if (answer.ok) return window.location.reload();
      const failure = loginFailure(answer.status, answer.body, answer.retryAfter);
      setErrors(failure.errors ?? {});
      setError(failure.error);
    } catch {
      setError({ key: 'common.unavailable' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} className="modal" aria-labelledby="login-title" onClose={onClose}>
      <h2 id="login-title">{t('auth.loginTitle')}</h2>
      <form className="form" method="post" noValidate onSubmit={(event) => void submit(event)}>
        <FormNotice error={error} />
        <LoginFields errors={errors} idPrefix="modal" />
        <button type="submit" className="primary" disabled={busy}>
          {t('auth.submitLogin')}
        </button>
      </form>
      <LoginExtras />
      <button
        type="button"
        className="modal-close"
        onClick={() => dialog.current?.close()}
        aria-label={t('common.close')}
      >
        ×
      </button>
    </dialog>
  );
}
