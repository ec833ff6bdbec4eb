import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { Flash } from '../components/Flash';
import { ShopFeedTable } from '../components/ShopFeedTable';
import { FieldError, FormError, StaffForm } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { SHOP_STATUSES } from '../panels/admin/shop-statuses';
import { shopOf, shopWrites } from '../panels/admin/shop-writes.server';
import { panelPath } from '../panels/panels';
import { shopReviewsPath } from '../panels/shopping/shop-review-view';
import { stateOf, type WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'admin');
  const shop = await shopOf(context, params.shop ?? '');
  return data(
    {
      shop,
      // Its reviews are moderated in the shopping panel: linked only for staff who hold it.
      reviewsHref: context.user.panels.includes('shopping') ? shopReviewsPath(shop.id) : null,
      // A feed's fetches are the crawler panel's: linked only for staff who hold it.
      feedsLinked: context.user.panels.includes('crawler'),
      done: new URL(request.url).searchParams.has('done'),
    },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  staffWrite(request, 'admin', shopWrites(params.shop ?? ''), context as { clientIp?: unknown });

/** One shop: its business details and visitors' rating, its feeds (failing since when, why), its lifecycle (activate, suspend, …) and its green certification, each change confirmed and audited by offers. */
export default function ShopPage() {
  const t = useT();
  const { shop, reviewsHref, feedsLinked, done } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  const here = panelPath('admin', `shops/${encodeURIComponent(shop.id)}`);
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={here} />;
  const change = stateOf(state, 'status');
  const errors = change?.errors as Record<string, string> | undefined;
  const greenChange = stateOf(state, 'green');
  const greenErrors = greenChange?.errors as Record<string, string> | undefined;
  return (
    <>
      <p>
        <a href={panelPath('admin', 'shops')}>{t('shops.title')}</a>
      </p>
      <h1>{shop.name}</h1>
      <Flash done={done} />
      <dl className="facts">
        <dt>{t('shops.domain')}</dt>
        <dd>{shop.domain}</dd>
        <dt>{t('shops.status')}</dt>
        <dd className="shop-status">{t(`shops.status.${shop.status}`)}</dd>
        <dt>{t('shops.green')}</dt>
        <dd className="shop-green">{t(shop.green ? 'shops.green.yes' : 'shops.green.no')}</dd>
        <dt>{t('shops.company')}</dt>
        <dd>{shop.company || t('app.none')}</dd>
        <dt>{t('shops.email')}</dt>
        <dd>{shop.email || t('app.none')}</dd>
        <dt>{t('shops.country')}</dt>
        <dd>{shop.countries.join(', ') || t('app.none')}</dd>
        <dt>{t('shops.offers')}</dt>
        <dd>
          {shop.offersCount} · <a href={`${here}/offers`}>{t('shopOffers.link')}</a>
        </dd>
        <dt>{t('shops.rating')}</dt>
        <dd className="shop-rating">
          {shop.rating
            ? t('shops.rating.value', {
                value: shop.rating.value.toFixed(1),
                count: shop.rating.count,
                verified: shop.rating.verifiedCount,
              })
            : t('shops.rating.none')}
          {reviewsHref ? (
            <>
              {' '}
              · <a href={reviewsHref}>{t('shops.rating.reviews')}</a>
            </>
          ) : null}
        </dd>
        <dt>{t('shops.registered')}</dt>
        <dd>{shop.registeredAt.slice(0, 10)}</dd>
      </dl>

      <h2>{t('shops.feeds')}</h2>
      <ShopFeedTable shopId={shop.id} feeds={shop.feeds} linked={feedsLinked} />

      <h2>{t('shops.changeStatus')}</h2>
      <StaffForm intent="status" label={t('shops.changeStatus')}>
        <FormError errors={errors} />
        <label htmlFor="shop-status">{t('shops.newStatus')}</label>
        <select
          id="shop-status"
          name="status"
          defaultValue={change?.fields.status ?? ''}
          aria-describedby="status-error"
        >
          <option value="">{t('shops.chooseStatus')}</option>
          {SHOP_STATUSES.filter((status) => status !== shop.status).map((status) => (
            <option key={status} value={status}>
              {t(`shops.status.${status}`)}
            </option>
          ))}
        </select>
        <FieldError name="status" errors={errors} />
        <label>
          {t('shops.reason')}{' '}
          <input
            name="reason"
            maxLength={500}
            defaultValue={change?.fields.reason ?? ''}
            aria-describedby="reason-error"
          />
        </label>
        <FieldError name="reason" errors={errors} /> <button type="submit">{t('shops.changeStatus')}</button>
      </StaffForm>

      <h2>{t('shops.green')}</h2>
      <p>{t('shops.green.help')}</p>
      <StaffForm intent="green" label={t(shop.green ? 'shops.green.withdraw' : 'shops.green.certify')}>
        <FormError errors={greenErrors} />
        <input type="hidden" name="green" value={shop.green ? 'false' : 'true'} />
        <label>
          {t('shops.green.why')}{' '}
          <input
            name="reason"
            maxLength={500}
            defaultValue={greenChange?.fields.reason ?? ''}
            aria-describedby="green-reason-error"
          />
        </label>
        {greenErrors?.reason ? (
          <span className="field-error" id="green-reason-error" role="alert">
            {greenErrors.reason}
          </span>
        ) : null}{' '}
        <button type="submit">{t(shop.green ? 'shops.green.withdraw' : 'shops.green.certify')}</button>
      </StaffForm>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
