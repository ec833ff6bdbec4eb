import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { Flash } from '../components/Flash';
import { FieldError, FormError, StaffForm } from '../components/staff-form';
import { flattenTree } from '../panels/shopping/category-options';
import { useT } from '../i18n/use-t';
import { panelPath } from '../panels/panels';
import { offerWrites } from '../panels/shopping/offer-writes.server';
import { productOf } from '../panels/shopping/product-writes.server';
import { SplitForm } from '../panels/shopping/split-form';
import { SPLIT_PREFIX } from '../panels/shopping/split-fields';
import { matchMethods } from '../services/catalog-moderation.server';
import { categoryTree } from '../services/categories.server';
import { productOffersForStaff } from '../services/offer-moderation.server';
import type { WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'shopping');
  const product = await productOf(params.product ?? '', 'en');
  const [offers, methods, tree] = await Promise.all([
    productOffersForStaff(context.user.id, product.id),
    matchMethods(context.user.id, product.id),
    categoryTree('en'),
  ]);
  const rows = offers.map((offer) => ({ ...offer, method: methods.get(`${offer.shopId}/${offer.shopOfferId}`) ?? '' }));
  return data(
    { product, offers: rows, categories: flattenTree(tree), done: new URL(request.url).searchParams.has('done') },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  staffWrite(request, 'shopping', offerWrites(params.product ?? ''), context as { clientIp?: unknown });

/**
 * Every offer of a product, hidden and delisted ones too: shop, country, price, last seen, how
 * catalog matched it. Staff hide one (with a reason) or list it again, flag a wrong match (the
 * offer leaves the product for good and is matched anew), or split picked offers and GTINs off to
 * another product or a new one; each confirmed first.
 */
export default function ProductOffersPage() {
  const t = useT();
  const { product, offers, categories, done } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  const here = panelPath('shopping', `products/${encodeURIComponent(product.id)}/offers`);
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={here} />;
  const splitErrors = state?.intent === 'split' ? (state.errors as Record<string, string> | undefined) : undefined;
  // A refused split shows its picks and fields again.
  const splitFields = state?.intent === 'split' ? state.fields : undefined;
  const errorsFor = (intent: string, offerId: string) =>
    state?.intent === intent && state.fields.offerId === offerId
      ? (state.errors as Record<string, string> | undefined)
      : undefined;
  return (
    <>
      <p>
        <a href={panelPath('shopping', `products/${encodeURIComponent(product.id)}`)}>{product.name}</a>
      </p>
      <h1>{t('offers.title', { name: product.name })}</h1>
      <Flash done={done} />
      {offers.length === 0 ? (
        <p>{t('offers.none')}</p>
      ) : (
        <table className="offers">
          <caption>{t('offers.title', { name: product.name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('offers.shop')}</th>
              <th scope="col">{t('offers.name')}</th>
              <th scope="col">{t('offers.country')}</th>
              <th scope="col">{t('offers.price')}</th>
              <th scope="col">{t('offers.lastSeen')}</th>
              <th scope="col">{t('offers.method')}</th>
              <th scope="col">{t('offers.listed')}</th>
              <th scope="col">{t('offers.actions')}</th>
              <th scope="col">{t('offers.splitPick')}</th>
            </tr>
          </thead>
          <tbody>
            {offers.map((offer) => (
              <tr key={offer.id} id={`offer-${offer.id}`}>
                <td>{offer.shop}</td>
                <td>{offer.name}</td>
                <td>{offer.country}</td>
                <td>{offer.price}</td>
                <td>
                  <time dateTime={offer.lastSeenAt}>{offer.lastSeenAt.slice(0, 16).replace('T', ' ')}</time>
                </td>
                <td>{offer.method ? t(`offers.method.${offer.method}`) : t('app.none')}</td>
                <td>
                  {offer.inactiveReason ? t(`offers.inactive.${offer.inactiveReason}`) : t('app.yes')}
                  {offer.hidden ? ` (${offer.hiddenReason})` : ''}
                </td>
                <td>
                  {offer.hidden ? (
                    <StaffForm
                      intent="unhide"
                      className="inline-form"
                      label={`${t('offers.unhide')}: ${offerName(offer)}`}
                    >
                      <input type="hidden" name="offerId" value={offer.id} />
                      <button type="submit">{t('offers.unhide')}</button>
                    </StaffForm>
                  ) : (
                    <ReasonForm
                      intent="hide"
                      offerId={offer.id}
                      label={t('offers.hide')}
                      of={offerName(offer)}
                      errors={errorsFor('hide', offer.id)}
                    />
                  )}
                  <ReasonForm
                    intent="flag"
                    offerId={offer.id}
                    label={t('offers.flag')}
                    of={offerName(offer)}
                    danger
                    errors={errorsFor('flag', offer.id)}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    form="split-form"
                    name={`${SPLIT_PREFIX}${offer.id}`}
                    value="1"
                    defaultChecked={splitFields?.[`${SPLIT_PREFIX}${offer.id}`] === '1'}
                    aria-label={`${t('offers.splitPick')}: ${offer.shop}, ${offer.name}`}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {offers.length === 0 ? null : (
        <SplitForm source={product} categories={categories} fields={splitFields} errors={splitErrors} />
      )}
    </>
  );
}

/** An offer as a row's forms name it. */
const offerName = (offer: { readonly shop: string; readonly name: string }): string => `${offer.shop}, ${offer.name}`;

/** A write on one offer that needs a reason (its field error shown beside it). */
function ReasonForm(props: {
  readonly intent: string;
  readonly offerId: string;
  readonly label: string;
  /** The offer the form acts on, in the form's accessible name (each row's forms are told apart). */
  readonly of: string;
  readonly danger?: boolean;
  readonly errors?: Record<string, string>;
}) {
  const t = useT();
  const id = `${props.intent}-reason-${props.offerId}`;
  return (
    <StaffForm intent={props.intent} className="inline-form" label={`${props.label}: ${props.of}`}>
      <FormError errors={props.errors} />
      <input type="hidden" name="offerId" value={props.offerId} />
      <label htmlFor={id}>{t('offers.reason')}</label>{' '}
      <input id={id} name="reason" maxLength={500} size={24} aria-describedby="reason-error" />
      <FieldError name="reason" errors={props.errors} />{' '}
      <button type="submit" className={props.danger ? 'danger' : undefined}>
        {props.label}
      </button>
    </StaffForm>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
