import type { TwoStepSetupView } from '~/account/two-step-setup.server';
import { twoStepConfirmForm } from '~/auth/two-step-forms';
import { CodeField } from '~/components/auth/CodeField';
import { PageForm } from '~/components/forms/PageForm';
import { useSite } from '~/site/use-site';

/**
 * A started setup (ADR 153): the QR code the app scans (drawn on the server), the key to type
 * instead, and the app's first code to turn it on.
 */
export function TwoStepSetup({ setup }: { setup: TwoStepSetupView }) {
  const { t } = useSite();
  return (
    <div className="two-step-setup">
      <h3>{t('twoStep.scanTitle')}</h3>
      {/* Our own SVG from the qrcode package, of the URI accounts made: no markup of anyone else's. */}
      <div
        className="qr-code"
        role="img"
        aria-label={t('twoStep.qrLabel')}
        dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
      />
      <p>{t('twoStep.typeKey')}</p>
      <p>
        <code className="two-step-key" translate="no">
          {setup.secretGroups.join(' ')}
        </code>
      </p>
      <p>{t('twoStep.confirmIntro')}</p>
      <PageForm schema={twoStepConfirmForm} intent="twoStepConfirm" submit={t('twoStep.turnOn')} showResult={false}>
        {(errors) => <CodeField idPrefix="two-step-confirm" label={t('twoStep.appCode')} error={errors.code} />}
      </PageForm>
    </div>
  );
}
