import { useActionData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { isTwoStepAnswer, recoveryCodesOf, setupAfter } from '~/account/two-step-answer';
import type { FormResult } from '~/auth/page-forms';
import { twoStepOffForm, twoStepRenewForm, twoStepStartForm } from '~/auth/two-step-forms';
import { CodeField } from '~/components/auth/CodeField';
import { Field } from '~/components/auth/Field';
import { FormNotice } from '~/components/forms/FormNotice';
import { PageForm } from '~/components/forms/PageForm';
import type { TwoStepView } from '~/data/account-two-step.server';
import { formatDate } from '~/i18n/format';
import { useSite } from '~/site/use-site';
import { RecoveryCodes } from './RecoveryCodes';
import { TwoStepSetup } from './TwoStepSetup';

/**
 * Two-step sign-in on the account page (ADR 153). Off: what it is, and "Set up" with the
 * password; then the setup to scan and its first code. On: since when, the recovery codes left,
 * new codes, turning off. The forms' answers show once here, at the top of the section.
 */
export function TwoStepSection({ twoStep }: { twoStep: TwoStepView }) {
  const { t } = useSite();
  const answer = useActionData<FormResult>();
  const [setup, setSetup] = useState(() => setupAfter(undefined, answer));
  useEffect(() => setSetup((previous) => setupAfter(previous, answer)), [answer]);
  const mine = isTwoStepAnswer(answer) ? answer : undefined;
  const codes = recoveryCodesOf(answer);
  return (
    <>
      <p>{t('twoStep.intro')}</p>
      <FormNotice error={mine?.error} done={mine?.done} />
      {codes ? <RecoveryCodes codes={codes} /> : null}
      {twoStep.on ? <TwoStepOn twoStep={twoStep} /> : setup ? <TwoStepSetup setup={setup} /> : <TwoStepOff />}
    </>
  );
}

/** Off: "Set up" after the password (a session left open elsewhere cannot turn it on). */
function TwoStepOff() {
  const { t } = useSite();
  return (
    <>
      <p className="muted">{t('twoStep.isOff')}</p>
      <PageForm schema={twoStepStartForm} intent="twoStepStart" submit={t('twoStep.setUp')} showResult={false}>
        {(errors) => (
          <Field
            idPrefix="two-step-start"
            name="password"
            type="password"
            label={t('account.currentPassword')}
            autoComplete="current-password"
            error={errors.password}
          />
        )}
      </PageForm>
    </>
  );
}

/** On: since when and the codes left; new recovery codes (a code from the app), or off (the password and a code). */
function TwoStepOn({ twoStep }: { twoStep: TwoStepView }) {
  const { t, tag } = useSite();
  return (
    <>
      <p>
        {twoStep.onSince ? `${t('twoStep.onSince', { date: formatDate(twoStep.onSince, tag) })} ` : null}
        {t('twoStep.codesLeft', { count: twoStep.recoveryCodesLeft })}
      </p>
      <p className="muted">{t('twoStep.renewIntro')}</p>
      <PageForm
        schema={twoStepRenewForm}
        intent="twoStepRenew"
        submit={t('twoStep.renew')}
        submitClassName=""
        showResult={false}
        resetOnDone
      >
        {(errors) => <CodeField idPrefix="two-step-renew" label={t('twoStep.appCode')} error={errors.code} />}
      </PageForm>
      <p className="muted">{t('twoStep.offIntro')}</p>
      <PageForm
        schema={twoStepOffForm}
        intent="twoStepOff"
        submit={t('twoStep.turnOff')}
        submitClassName="danger"
        showResult={false}
      >
        {(errors) => (
          <>
            <Field
              idPrefix="two-step-off"
              name="password"
              type="password"
              label={t('account.currentPassword')}
              autoComplete="current-password"
              error={errors.password}
            />
            <CodeField idPrefix="two-step-off" label={t('twoStep.appOrRecoveryCode')} error={errors.code} recovery />
          </>
        )}
      </PageForm>
    </>
  );
}
