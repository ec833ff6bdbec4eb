import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { pageCsrf } from '~/auth/csrf.server';
import { requireBusinessUser } from '~/business/business-user.server';
import { AccountLayout } from '~/components/account/AccountLayout';
import { ClickReport } from '~/components/clicks/ClickReport';
import { ClickReportForm } from '~/components/clicks/ClickReportForm';
import { shopSettingsPath } from '~/components/clicks/click-report-paths';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import {
  DEFAULT_CHART_DAYS,
  parseChartDays,
  parseReportMonth,
  ReportFieldError,
  reportMonths,
  type ChartDays,
} from '~/data/click-report-period';
import { monthClicks, recentDailyClicks } from '~/data/click-report.server';
import { pageFormAction } from '~/data/form-action.server';
import { required } from '~/data/load.server';
import { logoutPageForm } from '~/data/logout-form.server';
import { serverT } from '~/i18n/server-t.server';
import { ownShops } from '~/services/offers.server';
import { privatePage } from '~/site/cache-headers';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';
import businessStyles from '~/styles/business.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: businessStyles }];

/** Reads one parameter; a bad one is named for its field (its message key) instead. */
function read<T>(parse: () => T, fallback: T, errors: Record<string, string>): T {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof ReportFieldError)) throw error;
    errors[error.field] = `clickReport.errors.${error.field}`;
    return fallback;
  }
}

/**
 * /account/business/shops/{shop}/clicks?month=YYYY-MM&days=7|30|90: a shop's click report for
 * its owner (ADR 135) — a month of the months affiliates keeps for the shop (since its
 * registration), its clicks per UTC day, its 100 most clicked products by name and its countries,
 * the month's CSV, and a per-day chart over the last 7, 30 or 90 days. A GET form, so it works
 * without JavaScript. Another account's shop does not exist here (404), as in shop settings;
 * affiliates checks the owner again. A month or period the report does not offer is a 400 whose
 * form names the field.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = siteContext(request, undefined);
  const user = await requireBusinessUser(request);
  const shop = await required(ownShops.get(user.id, params.shop ?? ''));
  const now = new Date();
  const months = reportMonths(shop.registeredAt, now);
  const query = new URL(request.url).searchParams;
  const errors: Record<string, string> = {};
  const month = read(() => parseReportMonth(query.get('month'), months), months[0]!, errors);
  const days: ChartDays = read(() => parseChartDays(query.get('days')), DEFAULT_CHART_DAYS, errors);
  const invalid = Object.keys(errors).length > 0;
  const [report, recent] = invalid
    ? [null, null]
    : await required(
        Promise.all([
          monthClicks(user.id, shop.id, { month, language: context.language, now }),
          recentDailyClicks(user.id, shop.id, { days, now }),
        ]),
      );
  const { token, setCookie } = pageCsrf(request);
  return data(
    {
      title: serverT(context.language).t('clickReport.title', { name: shop.name }),
      shop: { id: shop.id, name: shop.name },
      months,
      month,
      days,
      errors,
      report,
      recent,
      csrf: token,
    },
    { status: invalid ? 400 : 200, headers: { 'Set-Cookie': setCookie, 'Cache-Control': 'private, no-store' } },
  );
}

/** The account pages' logout button. */
export const action = (args: ActionFunctionArgs) => pageFormAction(args, { logout: logoutPageForm });

export const headers = privatePage;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta(data?.title ?? 'Click report'),
  { name: 'robots', content: 'noindex' },
];

export default function ShopClickReport() {
  const { title, shop, months, month, days, errors, report, recent } = useLoaderData<typeof loader>();
  const { t } = useSite();
  return (
    <AccountLayout title={title}>
      <div className="business click-report" data-shop={shop.id}>
        <p>
          <Link to={shopSettingsPath(shop.id, 'clicks')}>{t('clickReport.back')}</Link>
        </p>
        <p className="muted">
          {t('clickReport.intro')} {t('clickReport.utc')}
        </p>
        <ClickReportForm months={months} month={month} days={days} errors={errors} />
        {report && recent ? <ClickReport shopId={shop.id} report={report} recent={recent} days={days} /> : null}
      </div>
    </AccountLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
