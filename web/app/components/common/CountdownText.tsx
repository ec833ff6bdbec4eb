import { useEffect, useState } from 'react';
import { formatRelativeDays } from '~/i18n/format';
import { countdown, ticks } from '~/promotions/countdown';
import { useSite } from '~/site/use-site';

/**
 * A live countdown to `endsAt`. The first render uses the server's clock (`renderedAt`) so the
 * hydration matches; then it follows the browser's clock, each second while in the clock form.
 */
export function CountdownText({ endsAt, renderedAt }: { endsAt: string; renderedAt: number }) {
  const { t, tag } = useSite();
  const [now, setNow] = useState(renderedAt);
  const value = countdown(endsAt, now);
  useEffect(() => {
    setNow(Date.now());
  }, []);
  useEffect(() => {
    if (!ticks(value)) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [value.kind]);
  if (value.kind === 'ended') return <span className="countdown">{t('promotions.ended')}</span>;
  const text = value.kind === 'days' ? formatRelativeDays(value.days, tag) : value.text;
  return (
    <span className="countdown" role="timer">
      {t('promotions.endsIn', { relative: text })}
    </span>
  );
}
