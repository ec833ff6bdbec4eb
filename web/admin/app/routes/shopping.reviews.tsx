import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { DataTable } from '../components/DataTable';
import { FieldError, FormError, StaffForm } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { panelPath } from '../panels/panels';
import { reviewQueueWrites } from '../panels/shopping/review-queue-writes.server';
import { TEXT_LANGUAGES } from '../panels/shopping/text-languages';
import { reviewQueue } from '../services/catalog-moderation.server';
import { readTableQuery } from '../tables/table-query';
import type { WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

const PATH = panelPath('shopping', 'reviews');

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'shopping');
  const query = readTableQuery(new URL(request.url), { sorts: ['newest'], defaultSort: 'newest', defaultDir: 'desc' });
  const page = await reviewQueue(context.user.id, query);
  return data({ query, page }, { headers: { 'Set-Cookie': context.setCookie } });
}

export const action = ({ request, context }: ActionFunctionArgs) => {
  const url = new URL(request.url);
  return staffWrite(request, 'shopping', reviewQueueWrites(`${PATH}${url.search}`), context as { clientIp?: unknown });
};

/** The review queue: every product's reviews, newest first, by rating, language and product, paged by catalog; delete with a reason. */
export default function ReviewQueue() {
  const t = useT();
  const { query, page } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={PATH} />;
  const errorsFor = (reviewId: string) =>
    state?.fields.reviewId === reviewId ? (state.errors as Record<string, string> | undefined) : undefined;
  return (
    <>
      <h1>{t('reviews.queue')}</h1>
      <DataTable
        caption={t('reviews.queue')}
        path={PATH}
        query={query}
        page={page}
        rowKey={(row) => row.id}
        filters={
          <>
            <label htmlFor="queue-rating">{t('reviews.rating')}</label>{' '}
            <select id="queue-rating" name="rating" defaultValue={query.filters.rating ?? ''}>
              <option value="">{t('reviews.anyRating')}</option>
              {[5, 4, 3, 2, 1].map((stars) => (
                <option key={stars} value={String(stars)}>
                  {stars}/5
                </option>
              ))}
            </select>{' '}
            <label htmlFor="queue-language">{t('reviews.language')}</label>{' '}
            <select id="queue-language" name="language" defaultValue={query.filters.language ?? ''}>
              <option value="">{t('reviews.anyLanguage')}</option>
              {TEXT_LANGUAGES.map((code) => (
                <option key={code}>{code}</option>
              ))}
            </select>{' '}
            <label htmlFor="queue-product">{t('products.id')}</label>{' '}
            <input id="queue-product" name="product" defaultValue={query.filters.product ?? ''} size={16} />
          </>
        }
        columns={[
          {
            key: 'published',
            label: t('reviews.published'),
            render: (row) => <time dateTime={row.publishedAt}>{row.publishedAt.slice(0, 10)}</time>,
          },
          {
            key: 'product',
            label: t('products.id'),
            render: (row) => (
              <a href={panelPath('shopping', `products/${encodeURIComponent(row.productId)}`)}>{row.productId}</a>
            ),
          },
          { key: 'rating', label: t('reviews.rating'), render: (row) => `${row.rating}/5`, numeric: true },
          { key: 'language', label: t('reviews.language'), render: (row) => row.language },
          {
            key: 'review',
            label: t('reviews.review'),
            render: (row) => (
              <>
                <strong>{row.title}</strong> {row.body} — {row.author || t('reviews.anonymous')}
                {row.domain ? ` (${row.domain})` : ''}
              </>
            ),
          },
          {
            key: 'delete',
            label: t('reviews.delete'),
            render: (row) => (
              <StaffForm
                intent="deleteReview"
                className="inline-form"
                label={`${t('reviews.delete')}: ${row.author || t('reviews.anonymous')}, ${row.publishedAt.slice(0, 10)}, ${row.id}`}
              >
                <FormError errors={errorsFor(row.id)} />
                <input type="hidden" name="reviewId" value={row.id} />
                <input type="hidden" name="productId" value={row.productId} />
                <label htmlFor={`reason-${row.id}`}>{t('reviews.reason')}</label>{' '}
                <input
                  id={`reason-${row.id}`}
                  name="reason"
                  maxLength={500}
                  size={18}
                  aria-describedby="reason-error"
                />
                <FieldError name="reason" errors={errorsFor(row.id)} />{' '}
                <button type="submit" className="danger">
                  {t('reviews.delete')}
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
