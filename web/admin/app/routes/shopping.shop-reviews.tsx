import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { DataTable } from '../components/DataTable';
import { Flash } from '../components/Flash';
import { StatusFilter } from '../components/StatusFilter';
import { FieldError, FormError, StaffForm } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { panelPath } from '../panels/panels';
import { cutText, SHOP_REVIEW_STATUSES } from '../panels/shopping/shop-review-view';
import { shopReviewPage, shopReviewWrites } from '../panels/shopping/shop-review-writes.server';
import type { ShopReviewRow } from '../services/shop-reviews.server';
import { readTableQuery } from '../tables/table-query';
import type { WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

const PATH = panelPath('shopping', 'shop-reviews');

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'shopping');
  const url = new URL(request.url);
  // Offers lists the queue newest first; that is the one order it offers.
  const read = readTableQuery(url, { sorts: ['newest'], defaultSort: 'newest', defaultDir: 'desc' });
  // `gone`: a write found its review gone — a message of this view, not a filter.
  const { gone, ...filters } = read.filters;
  const query = { ...read, filters };
  const table = await shopReviewPage(context, query);
  return data(
    {
      query,
      page: table.page,
      refused: table.refused,
      // The admin panel's shop page, linked only for staff who may open it.
      shopLinks: context.user.panels.includes('admin'),
      done: url.searchParams.has('done'),
      gone: gone !== undefined,
    },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  staffWrite(request, 'shopping', shopReviewWrites(new URL(request.url).search), context as { clientIp?: unknown });

/**
 * Visitors' reviews of shops, every shop's newest first, by status and shop, paged by offers:
 * hide one with a reason (it stops counting in the shop's rating), show it again, or delete it;
 * each confirmed first, checked and audited by offers.
 */
export default function ShopReviews() {
  const t = useT();
  const { query, page, refused, shopLinks, done, gone } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={PATH} />;
  const errorsFor = (intent: string, reviewId: string) =>
    state?.intent === intent && state.fields.reviewId === reviewId
      ? (state.errors as Record<string, string> | undefined)
      : undefined;
  const filterErrors = refused.includes('shop') ? { shop: t('shopReviews.badShop') } : undefined;
  const name = (row: ShopReviewRow) =>
    `${row.author || t('reviews.anonymous')}, ${row.publishedAt.slice(0, 10)}, ${row.shopName || row.shopId}`;
  return (
    <>
      <h1>{t('shopReviews.title')}</h1>
      <Flash done={done} />
      {gone ? (
        <p className="form-error" role="alert">
          {t('shopReviews.gone')}
        </p>
      ) : null}
      <FormError errors={state?.errors} />
      <DataTable<ShopReviewRow>
        caption={t('shopReviews.title')}
        path={PATH}
        query={query}
        page={page}
        rowKey={(row) => row.id}
        filters={
          <>
            <StatusFilter
              label={t('shopReviews.status')}
              anyLabel={t('shopReviews.anyStatus')}
              statuses={SHOP_REVIEW_STATUSES}
              messages="shopReviews.status"
              value={query.filters.status}
            />{' '}
            <label htmlFor="filter-shop">{t('shopReviews.shopId')}</label>{' '}
            <input
              id="filter-shop"
              type="search"
              name="shop"
              defaultValue={query.filters.shop ?? ''}
              size={20}
              aria-invalid={filterErrors ? true : undefined}
              aria-describedby={filterErrors ? 'shop-error' : undefined}
            />
            <FieldError name="shop" errors={filterErrors} />
          </>
        }
        columns={[
          {
            key: 'shop',
            label: t('shopReviews.shop'),
            render: (row) =>
              shopLinks ? (
                <a href={panelPath('admin', `shops/${encodeURIComponent(row.shopId)}`)}>{row.shopName || row.shopId}</a>
              ) : (
                row.shopName || row.shopId
              ),
          },
          { key: 'stars', label: t('shopReviews.stars'), numeric: true, render: (row) => `${row.rating}/5` },
          { key: 'title', label: t('shopReviews.reviewTitle'), render: (row) => row.title },
          { key: 'text', label: t('shopReviews.text'), render: (row) => <LongText text={row.body} /> },
          { key: 'author', label: t('shopReviews.author'), render: (row) => row.author || t('reviews.anonymous') },
          {
            key: 'verified',
            label: t('shopReviews.verified'),
            render: (row) => t(row.verified ? 'app.yes' : 'app.no'),
          },
          { key: 'language', label: t('shopReviews.language'), render: (row) => row.language },
          {
            key: 'published',
            label: t('shopReviews.published'),
            render: (row) => <time dateTime={row.publishedAt}>{row.publishedAt.slice(0, 10)}</time>,
          },
          {
            key: 'status',
            label: t('shopReviews.status'),
            render: (row) => <span className="review-status">{t(`shopReviews.status.${row.status}`)}</span>,
          },
          {
            key: 'hiddenReason',
            label: t('shopReviews.hiddenReason'),
            render: (row) => row.hiddenReason || t('app.none'),
          },
          {
            key: 'reply',
            label: t('shopReviews.reply'),
            render: (row) =>
              row.reply ? (
                <>
                  <LongText text={row.reply.body} />{' '}
                  <time dateTime={row.reply.repliedAt}>({row.reply.repliedAt.slice(0, 10)})</time>
                </>
              ) : (
                t('app.none')
              ),
          },
          {
            key: 'actions',
            label: t('table.actions'),
            render: (row) => {
              const hideErrors = errorsFor('hide', row.id);
              return (
                <>
                  {row.status === 'hidden' ? (
                    <StaffForm intent="show" className="inline-form" label={`${t('shopReviews.show')}: ${name(row)}`}>
                      <ReviewFields row={row} />
                      <button type="submit">{t('shopReviews.show')}</button>
                    </StaffForm>
                  ) : (
                    <StaffForm intent="hide" className="inline-form" label={`${t('shopReviews.hide')}: ${name(row)}`}>
                      <ReviewFields row={row} />
                      <label htmlFor={`hide-reason-${row.id}`}>{t('shopReviews.reason')}</label>{' '}
                      <input
                        id={`hide-reason-${row.id}`}
                        name="reason"
                        maxLength={500}
                        size={18}
                        defaultValue={hideErrors ? (state?.fields.reason ?? '') : undefined}
                        aria-invalid={hideErrors?.reason ? true : undefined}
                        aria-describedby={hideErrors?.reason ? 'reason-error' : undefined}
                      />
                      <FieldError name="reason" errors={hideErrors} />{' '}
                      <button type="submit">{t('shopReviews.hide')}</button>
                    </StaffForm>
                  )}
                  <StaffForm intent="delete" className="inline-form" label={`${t('shopReviews.delete')}: ${name(row)}`}>
                    <ReviewFields row={row} />
                    <button type="submit" className="danger">
                      {t('shopReviews.delete')}
                    </button>
                  </StaffForm>
                </>
              );
            },
          },
        ]}
      />
    </>
  );
}

/** The review a row's form acts on (its shop: the confirm step reads it in the shop's queue). */
function ReviewFields(props: { readonly row: ShopReviewRow }) {
  return (
    <>
      <input type="hidden" name="reviewId" value={props.row.id} />
      <input type="hidden" name="shopId" value={props.row.shopId} />
    </>
  );
}

/** A review's or reply's text in a cell: cut when long, the whole text behind a toggle. */
function LongText(props: { readonly text: string }) {
  const { short, cut } = cutText(props.text);
  return cut ? (
    <details className="long-text">
      <summary>{short}</summary>
      <p>{props.text}</p>
    </details>
  ) : (
    <>{props.text}</>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
