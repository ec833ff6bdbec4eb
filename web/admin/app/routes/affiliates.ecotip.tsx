import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { useT } from '../i18n/use-t';
import { panelPath } from '../panels/panels';
import { ecoTipLedger } from '../services/affiliates.server';
import { PAGE_SIZES } from '../tables/table-query';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'affiliates');
  const url = new URL(request.url);
  const token = (url.searchParams.get('after') ?? '').slice(0, 500);
  const asked = Number(url.searchParams.get('size'));
  const size = (PAGE_SIZES as readonly number[]).includes(asked) ? asked : PAGE_SIZES[1];
  const ledger = await ecoTipLedger(token, size);
  return data(
    { ...ledger, size, first: token === '', path: panelPath('affiliates', 'ecotip') },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

/**
 * The EcoTip ledger in its own order (append-only: a changed donation is a new entry), a page at
 * a time after the last entry seen, with the programme's totals in CHF.
 */
export default function EcoTipLedger() {
  const t = useT();
  const { rows, next, donated, pending, purchases, size, first, path } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t('ecotip.title')}</h1>
      <dl className="facts">
        <dt>{t('ecotip.donated')}</dt>
        <dd>{donated || t('app.none')}</dd>
        <dt>{t('ecotip.pending')}</dt>
        <dd>{pending || t('app.none')}</dd>
        <dt>{t('ecotip.purchases')}</dt>
        <dd>{purchases}</dd>
      </dl>
      <table className="ledger">
        <caption>{t('ecotip.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ecotip.at')}</th>
            <th scope="col">{t('ecotip.donation')}</th>
            <th scope="col">{t('ecotip.transaction')}</th>
            <th scope="col">{t('ecotip.state')}</th>
            <th scope="col">{t('ecotip.amount')}</th>
            <th scope="col">{t('ecotip.accounting')}</th>
            <th scope="col">{t('ecotip.month')}</th>
            <th scope="col">{t('ecotip.country')}</th>
            <th scope="col">{t('ecotip.organisation')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={9}>{t('table.empty')}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <time dateTime={row.createdAt}>{row.createdAt.slice(0, 16).replace('T', ' ')}</time>
                </td>
                <td>
                  {row.donationId} #{row.sequence}
                </td>
                <td>{row.transactionId}</td>
                <td>{t(`ecotip.state.${row.state}`)}</td>
                <td className="numeric">{row.amount}</td>
                <td className="numeric">{row.accountingAmount}</td>
                <td>{row.month}</td>
                <td>{row.country}</td>
                <td>{row.organisation}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      <nav className="pager" aria-label={t('ecotip.pages')}>
        {first ? null : <a href={`${path}?size=${size}`}>{t('ecotip.first')}</a>}{' '}
        {next ? <a href={`${path}?size=${size}&after=${encodeURIComponent(next)}`}>{t('table.next')}</a> : null}
      </nav>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
