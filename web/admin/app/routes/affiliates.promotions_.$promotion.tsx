import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { Flash } from '../components/Flash';
import { FormError, StaffForm } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { PromotionFields } from '../panels/affiliates/promotion-fields';
import { promotionEditWrites, promotionOf } from '../panels/affiliates/promotion-writes.server';
import { panelPath } from '../panels/panels';
import { stateOf, type WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'affiliates');
  const promotion = await promotionOf(context, params.promotion ?? '');
  const done = new URL(request.url).searchParams.has('done');
  return data({ promotion, done }, { headers: { 'Set-Cookie': context.setCookie } });
}

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  staffWrite(request, 'affiliates', promotionEditWrites(params.promotion ?? ''), context as { clientIp?: unknown });

/**
 * One promotion: what it is of (shop, product, brand: set when it was made), its status and
 * click-out, and every field UpdatePromotion changes, prefilled with the current values;
 * confirmed, then checked and audited by affiliates.
 */
export default function EditPromotion() {
  const t = useT();
  const { promotion, done } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  const back = panelPath('affiliates', 'promotions');
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={back} />;
  const edit = stateOf(state, 'edit');
  const errors = edit?.errors as Record<string, string> | undefined;
  const current: Readonly<Record<string, string>> = {
    title: promotion.title,
    description: promotion.description,
    url: promotion.url,
    imageUrl: promotion.imageUrl,
    code: promotion.code,
    discountPercent: String(promotion.discountPercent),
    countries: promotion.countries.join(', '),
    language: promotion.language,
    startsAt: promotion.startsAt.slice(0, 10),
    endsAt: promotion.endsAt.slice(0, 10),
  };
  const title = t('promotions.edit', { title: promotion.title });
  return (
    <>
      <p>
        <a href={back}>{t('promotions.title')}</a>
      </p>
      <h1>{title}</h1>
      <Flash done={done} />
      <dl className="facts">
        <dt>{t('promotions.shop')}</dt>
        <dd>
          {promotion.shopName} ({promotion.shopId})
        </dd>
        <dt>{t('promotions.product')}</dt>
        <dd>{promotion.productId || t('app.none')}</dd>
        <dt>{t('promotions.brand')}</dt>
        <dd>{promotion.brandSlug || t('app.none')}</dd>
        <dt>{t('promotions.status')}</dt>
        <dd>{t(`promotions.status.${promotion.status}`)}</dd>
        <dt>{t('promotions.clickOut')}</dt>
        <dd>
          <code>/goto/{promotion.locationId}</code>
        </dd>
      </dl>
      <p>{t('promotions.fixed')}</p>
      <StaffForm intent="edit" label={title}>
        <FormError errors={errors} />
        <PromotionFields value={(name) => edit?.fields[name] ?? current[name] ?? ''} errors={errors} startRequired />
        <button type="submit">{t('promotions.save')}</button>
      </StaffForm>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
