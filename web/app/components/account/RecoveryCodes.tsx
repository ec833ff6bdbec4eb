import { useEffect, useState } from 'react';
import { useSite } from '~/site/use-site';

/**
 * Recovery codes, shown once (ADR 153): the list to write down or copy. Nothing keeps them — not
 * the page (the answer is no-store), not the browser's storage; a button copies them where the
 * browser can (after hydration, so no dead button without JavaScript).
 */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const { t } = useSite();
  const [canCopy, setCanCopy] = useState(false);
  const [copied, setCopied] = useState<'twoStep.copied' | 'twoStep.copyFailed' | null>(null);
  useEffect(() => setCanCopy(Boolean(globalThis.navigator?.clipboard)), []);
  const copy = () =>
    navigator.clipboard.writeText(codes.join('\n')).then(
      () => setCopied('twoStep.copied'),
      () => setCopied('twoStep.copyFailed'),
    );
  return (
    <div className="recovery-codes">
      <h3>{t('twoStep.recoveryTitle')}</h3>
      <p>{t('twoStep.recoveryNote')}</p>
      <ol className="recovery-code-list" translate="no">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      {canCopy ? (
        <button type="button" onClick={() => void copy()}>
          {t('twoStep.copy')}
        </button>
      ) : null}
      <p className="muted" role="status">
        {copied ? t(copied) : null}
      </p>
    </div>
  );
}
