import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { DataTable } from '../components/DataTable';
import { Flash } from '../components/Flash';
import { FormError, StaffForm } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { panelPath } from '../panels/panels';
import { heldPriceWrites } from '../panels/shopping/held-price-writes.server';
import { heldOfferTable, type HeldOfferRow } from '../services/held-prices.server';
import { readTableQuery } from '../tables/table-query';
import type { WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'shopping');
  const url = new URL(request.url);
  // Offers lists them the longest held first; that is the one order it offers.
  const query = readTableQuery(url, { sorts: ['since'], defaultSort: 'since', defaultDir: 'asc' });
  const page = await heldOfferTable(context.user.id, query);
  return data(
    { query, page, path: panelPath('shopping', 'held-prices'), done: url.searchParams.has('done') },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  staffWrite(request, 'shopping', heldPriceWrites(), context as { clientIp?: unknown });

/**
 * Prices offers holds back as implausible (ADR 146), the longest held first: shop, offer (linked
 * to its product's offers), country, the held price, the median of the other shops' offers, since
 * when. Staff confirm a price that is real, after a confirm step: it then counts as the lowest.
 */
export default function HeldPrices() {
  const t = useT();
  const { query, page, path, done } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={path} />;
  const errors = state?.stage === 'errors' ? state.errors : undefined;
  return (
    <>
      <h1>{t('heldPrices.title')}</h1>
      <p>{t('heldPrices.help')}</p>
      <Flash done={done} />
      <FormError errors={errors} />
      <DataTable<HeldOfferRow>
        caption={t('heldPrices.title')}
        path={path}
        query={query}
        page={page}
        rowKey={(row) => row.id}
        columns={[
          {
            key: 'shop',
            label: t('heldPrices.shop'),
            render: (row) => (
              <a href={panelPath('admin', `shops/${encodeURIComponent(row.shopId)}`)}>{row.shop || row.shopId}</a>
            ),
          },
          {
            key: 'offer',
            label: t('heldPrices.offer'),
            render: (row) => (
              <a href={panelPath('shopping', `products/${encodeURIComponent(row.productId)}/offers#offer-${row.id}`)}>
                {row.name}
              </a>
            ),
          },
          { key: 'country', label: t('heldPrices.country'), render: (row) => row.country },
          { key: 'price', label: t('heldPrices.price'), render: (row) => row.price, numeric: true },
          {
            key: 'median',
            label: t('heldPrices.median'),
            render: (row) => t('heldPrices.medianOf', { median: row.median, count: String(row.compared) }),
            numeric: true,
          },
          {
            key: 'since',
            label: t('heldPrices.since'),
            render: (row) => <time dateTime={row.heldSince}>{row.heldSince.slice(0, 16).replace('T', ' ')}</time>,
          },
          {
            key: 'actions',
            label: t('heldPrices.actions'),
            render: (row) => (
              <StaffForm
                intent="confirm"
                className="inline-form"
                label={`${t('heldPrices.confirm')}: ${row.shop}, ${row.name}`}
              >
                <input type="hidden" name="offerId" value={row.id} />
                <button type="submit" className="danger">
                  {t('heldPrices.confirm')}
                </button>
              </StaffForm>
            ),
          },
        ]}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
