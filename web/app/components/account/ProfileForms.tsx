import { passwordForm, profileForm } from '~/account/forms';
import { Field } from '~/components/auth/Field';
import { PageForm } from '~/components/forms/PageForm';
import type { AccountView } from '~/data/account-page.server';
import { INTERFACE_LANGUAGES } from '~/i18n/regions';
import { useSite } from '~/site/use-site';

/** Name, e-mail, phone and the language of e-mails and notifications; a new e-mail needs the current password. */
export function ProfileForm({ user }: { user: AccountView }) {
  const { t } = useSite();
  return (
    <PageForm schema={profileForm} intent="profile" submit={t('account.saveProfile')}>
      {(errors) => (
        <>
          <Field
            idPrefix="profile"
            name="name"
            label={t('auth.name')}
            autoComplete="name"
            defaultValue={user.name}
            error={errors.name}
          />
          <Field
            idPrefix="profile"
            name="email"
            type="email"
            label={t('auth.email')}
            autoComplete="email"
            defaultValue={user.email}
            error={errors.email}
          />
          <Field
            idPrefix="profile"
            name="phone"
            type="tel"
            label={t('auth.phone')}
            autoComplete="tel"
            required={false}
            defaultValue={user.phone}
            error={errors.phone}
          />
          <Field
            idPrefix="profile"
            name="current_password"
            type="password"
            label={t('account.passwordForEmail')}
            autoComplete="current-password"
            required={false}
            error={errors.current_password}
          />
          <label htmlFor="profile-language">
            {t('account.language')}
            <select id="profile-language" name="language" defaultValue={user.language || 'en'}>
              {INTERFACE_LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {t(`region.languages.${language}`)}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
    </PageForm>
  );
}

/** The current password, then the new one twice (spec §5); other sessions end. */
export function PasswordForm() {
  const { t } = useSite();
  return (
    <PageForm schema={passwordForm} intent="password" submit={t('account.changePassword')} resetOnDone>
      {(errors) => (
        <>
          <Field
            idPrefix="password"
            name="current_password"
            type="password"
            label={t('account.currentPassword')}
            autoComplete="current-password"
            error={errors.current_password}
          />
          <Field
            idPrefix="password"
            name="password"
            type="password"
            label={t('password.new')}
            autoComplete="new-password"
            error={errors.password}
          />
          <Field
            idPrefix="password"
            name="password_confirmation"
            type="password"
            label={t('auth.passwordConfirmation')}
            autoComplete="new-password"
            error={errors.password_confirmation}
          />
        </>
      )}
    </PageForm>
  );
}
