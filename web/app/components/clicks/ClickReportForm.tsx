import { SelectField } from '~/components/business/SelectField';
import { formatNumber } from '~/i18n/format';
import { CHART_DAYS } from '~/data/click-report-period';
import { useSite } from '~/site/use-site';
import { monthName } from './month-name';

/**
 * The click report's choices as a GET form (ADR 135): the month (those the report keeps, newest
 * first) and the per-day chart's last 7, 30 or 90 days. Submitting loads the page with
 * `?month=…&days=…`, with or without JavaScript; a refused value is said at its field.
 */
export function ClickReportForm({
  months,
  month,
  days,
  errors,
}: {
  months: readonly string[];
  month: string;
  days: number;
  errors: Readonly<Record<string, string>>;
}) {
  const { t, tag } = useSite();
  return (
    <form method="get" className="inline-form click-report-form" aria-label={t('clickReport.choose')}>
      <SelectField
        name="month"
        label={t('clickReport.month')}
        idPrefix="report"
        defaultValue={month}
        error={errors.month}
        options={months.map((value) => ({ value, label: monthName(value, tag) }))}
      />
      <SelectField
        name="days"
        label={t('clickReport.chart')}
        idPrefix="report"
        defaultValue={String(days)}
        error={errors.days}
        options={CHART_DAYS.map((count) => ({
          value: String(count),
          label: t('clickReport.lastDays', { days: formatNumber(count, tag) }),
        }))}
      />
      <button type="submit">{t('clickReport.show')}</button>
    </form>
  );
}
