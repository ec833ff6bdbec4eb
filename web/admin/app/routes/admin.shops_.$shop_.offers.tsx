import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { DataTable, type Column } from '../components/DataTable';
import { useT } from '../i18n/use-t';
import { shopOf } from '../panels/admin/shop-writes.server';
import { panelPath } from '../panels/panels';
import { SHOP_OFFER_STATES } from '../panels/admin/shop-offer-states';
import { shopOfferTable, type ShopOfferRow } from '../services/shop-offers.server';
import { readTableQuery } from '../tables/table-query';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'admin');
  const shop = await shopOf(context, params.shop ?? '');
  // One order: newest seen first (the service's index), so no sortable columns.
  const query = readTableQuery(new URL(request.url), { sorts: ['seen'], defaultSort: 'seen', defaultDir: 'desc' });
  const table = await shopOfferTable(context.user.id, shop.id, query);
  return data({ shop, query, table }, { headers: { 'Set-Cookie': context.setCookie } });
}

/**
 * A shop's offers as its owner sees them in shop settings (ADR 115), for staff answering the
 * shop: listed or not listed, each with the product it is matched to, its price, the product's
 * lowest price in the offer's country, or why the site does not list it.
 */
export default function ShopOffersPage() {
  const t = useT();
  const { shop, query, table } = useLoaderData<typeof loader>();
  const shopPath = panelPath('admin', `shops/${encodeURIComponent(shop.id)}`);
  const listed = table.state === 'listed';
  const columns: Column<ShopOfferRow>[] = [
    {
      key: 'offer',
      label: t('shopOffers.offer'),
      render: (row) => (
        <a href={row.url} rel="noopener noreferrer">
          {row.title}
        </a>
      ),
    },
    {
      key: 'product',
      label: t('shopOffers.product'),
      render: (row) =>
        row.productId ? (
          <a href={panelPath('shopping', `products/${encodeURIComponent(row.productId)}/offers`)}>{row.productId}</a>
        ) : (
          t('app.none')
        ),
    },
    { key: 'country', label: t('offers.country'), render: (row) => row.country },
    {
      key: 'price',
      label: t('offers.price'),
      numeric: true,
      render: (row) =>
        row.shipping ? t('shopOffers.withShipping', { price: row.price, shipping: row.shipping }) : row.price,
    },
    listed
      ? {
          key: 'lowest',
          label: t('shopOffers.lowest'),
          render: (row) =>
            row.lowest
              ? t(row.cheapest ? 'shopOffers.cheapest' : 'shopOffers.lowestOf', {
                  price: row.lowest,
                  offers: row.offersInCountry,
                })
              : t('app.none'),
        }
      : {
          key: 'reason',
          label: t('shopOffers.why'),
          render: (row) =>
            `${t(`offers.inactive.${row.reason || 'stale'}`)}${row.hiddenReason ? ` (${row.hiddenReason})` : ''}`,
        },
    { key: 'seen', label: t('offers.lastSeen'), render: (row) => row.lastSeen.slice(0, 16).replace('T', ' ') },
  ];
  return (
    <>
      <p>
        <a href={shopPath}>{shop.name}</a>
      </p>
      <h1>{t('shopOffers.title', { name: shop.name })}</h1>
      <DataTable
        caption={t(listed ? 'shopOffers.listed' : 'shopOffers.notListed', {
          count: listed ? table.listedCount : table.notListedCount,
        })}
        path={`${shopPath}/offers`}
        query={query}
        columns={columns}
        page={table.page}
        rowKey={(row) => row.id}
        filters={
          <>
            <label htmlFor="offer-state">{t('shopOffers.state')}</label>
            <select id="offer-state" name="state" defaultValue={table.state}>
              {SHOP_OFFER_STATES.map((state) => (
                <option key={state} value={state}>
                  {t(state === 'listed' ? 'shopOffers.listed' : 'shopOffers.notListed', {
                    count: state === 'listed' ? table.listedCount : table.notListedCount,
                  })}
                </option>
              ))}
            </select>
          </>
        }
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
