import { useEffect, useState, type FormEvent } from 'react';
import type { ApiError } from '~/auth/login-answer';
import { fieldErrors, formInput, type FieldErrors, type FormMessage } from '~/auth/page-forms';
import { Field } from '~/components/auth/Field';
import { FormNotice } from '~/components/forms/FormNotice';
import { notifyForm } from '~/push/forms';
import {
  currentSubscription,
  pushSupported,
  saveSubscription,
  storedUsername,
  USERNAME_KEY,
} from '~/push/push-browser';
import { apiSend } from '~/site/api-client';
import { useSite } from '~/site/use-site';

/** What the widget says about POST /api/notify's answer. */
function outcome(
  status: number,
  body: (ApiError & { delivered?: number }) | null,
): { done?: FormMessage; error?: FormMessage; errors?: FieldErrors } {
  if (status === 200) return { done: { key: 'push.sent', values: { n: body?.delivered ?? 0 } } };
  if (status === 404) return { error: { key: 'push.noSubscription' } };
  if (status === 429) return { error: { key: 'push.rateLimited' } };
  if (status === 400)
    return { errors: Object.fromEntries((body?.errors ?? []).map((e) => [e.field, 'validation.required'])) };
  return { error: { key: 'common.unavailable' } };
}

/**
 * The test widget of spec §2.8: a username and a message to POST /api/notify. The username is
 * kept in local storage (spec §3) and this browser's subscription is sent again with it, so the
 * message reaches this browser too.
 */
export function TestNotification() {
  const { t, language } = useSite();
  const [username, setUsername] = useState('');
  const [result, setResult] = useState<ReturnType<typeof outcome>>({});
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setUsername(storedUsername());
    setReady(true);
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = notifyForm.safeParse(formInput(new FormData(event.currentTarget)));
    if (!parsed.success) return setResult({ errors: fieldErrors(parsed.error) });
    setBusy(true);
    try {
      localStorage.setItem(USERNAME_KEY, parsed.data.username);
      const subscription = pushSupported() ? await currentSubscription().catch(() => null) : null;
      if (subscription) await saveSubscription(subscription, language);
      const answer = await apiSend<ApiError & { delivered?: number }>('POST', '/api/notify', {
        username: parsed.data.username,
        message: parsed.data.message,
      });
      setResult(outcome(answer.status, answer.body));
    } catch {
      setResult({ error: { key: 'common.unavailable' } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="form test-notification"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="test-notification-title"
    >
      <h3 id="test-notification-title">{t('push.testTitle')}</h3>
      <FormNotice error={result.error} done={result.done} />
      <div className="field">
        <label htmlFor="notify-username">{t('push.username')}</label>
        <input
          id="notify-username"
          name="username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          maxLength={100}
          autoComplete="username"
          aria-invalid={result.errors?.username ? true : undefined}
          aria-describedby={result.errors?.username ? 'notify-username-error' : undefined}
        />
        {result.errors?.username ? (
          <span id="notify-username-error" className="field-error">
            {t(result.errors.username)}
          </span>
        ) : null}
      </div>
      <Field
        idPrefix="notify"
        name="message"
        label={t('push.message')}
        maxLength={500}
        error={result.errors?.message}
      />
      <button type="submit" disabled={busy || !ready}>
        {t('push.send')}
      </button>
    </form>
  );
}
