import { Link } from '@remix-run/react';
import { businessForm, deleteAccountForm, resendForm } from '~/account/forms';
import { CheckField } from '~/components/auth/CheckField';
import { Field } from '~/components/auth/Field';
import { PageForm } from '~/components/forms/PageForm';
import type { AccountView } from '~/data/account-page.server';
import { useSite } from '~/site/use-site';

/** Spec §8 "check your email first", with a button for a fresh link. */
export function VerificationNotice() {
  const { t } = useSite();
  return (
    <div className="notice">
      <p>{t('verify.unverified')}</p>
      <PageForm
        schema={resendForm}
        intent="resend"
        submit={t('verify.resend')}
        submitClassName=""
        className="inline-form"
      />
    </div>
  );
}

/** A business account (shop owners): the company; accounts wants a verified e-mail first. Then the business dashboard. */
export function BusinessForm({ user }: { user: AccountView }) {
  const { t } = useSite();
  if (user.isBusiness) {
    return (
      <>
        <p>{t('account.businessActive', { company: user.company })}</p>
        <p>
          <Link className="button primary" to="/account/business">
            {t('business.open')}
          </Link>
        </p>
      </>
    );
  }
  return (
    <>
      <p className="muted">{t('account.businessIntro')}</p>
      <PageForm schema={businessForm} intent="business" submit={t('account.enableBusiness')} submitClassName="">
        {(errors) => (
          <>
            <Field
              idPrefix="business"
              name="company"
              label={t('account.company')}
              autoComplete="organization"
              defaultValue={user.company}
              error={errors.company}
            />
            <Field
              idPrefix="business"
              name="phone"
              type="tel"
              label={t('auth.phone')}
              autoComplete="tel"
              required={false}
              defaultValue={user.phone}
              error={errors.phone}
            />
          </>
        )}
      </PageForm>
    </>
  );
}

/**
 * Deleting the account cannot be undone (spec §4): the password and an explicit confirmation.
 * `warning` says what goes with it (the business dashboard: the subscription and every shop).
 */
export function DeleteAccountForm({ warning = 'account.deleteWarning' }: { warning?: string }) {
  const { t } = useSite();
  return (
    <>
      <p>{t(warning)}</p>
      <PageForm schema={deleteAccountForm} intent="delete" submit={t('account.deleteSubmit')} submitClassName="danger">
        {(errors) => (
          <>
            <Field
              idPrefix="delete"
              name="password"
              type="password"
              label={t('auth.password')}
              autoComplete="current-password"
              error={errors.password}
            />
            <CheckField idPrefix="delete" name="confirm" label={t('account.deleteConfirm')} error={errors.confirm} />
          </>
        )}
      </PageForm>
    </>
  );
}
