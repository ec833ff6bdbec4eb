import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import type { FormResult } from '~/auth/page-forms';
import { requireUser } from '~/auth/guards.server';
import { AccountLayout } from '~/components/account/AccountLayout';
import { FormNotice } from '~/components/forms/FormNotice';
import { ReviewForm } from '~/components/reviews/ReviewForm';
import { OwnShopReview } from '~/components/shop-reviews/OwnShopReview';
import { ShopReviewForm } from '~/components/shop-reviews/ShopReviewForm';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { accountReviewForms } from '~/data/account-reviews.server';
import { pageFormAction } from '~/data/form-action.server';
import { formPageData } from '~/data/form-page.server';
import { required } from '~/data/load.server';
import { productCards } from '~/data/product-cards.server';
import { shopReviewFormData } from '~/data/shop-reviews.server';
import { serverT } from '~/i18n/server-t.server';
import { privatePage } from '~/site/cache-headers';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';

/**
 * /account/reviews?product={id} or ?shop={id} (sign-in required; a guest goes to login and comes
 * back): the signed-in user writes a review of a product (the product page's "Write a review";
 * `written=1` thanks them and leads back) or of a shop (the shop page's; publishing leads back to
 * the shop's page). Of a shop they reviewed already they see their review and may delete it
 * (`deleted=1` says so); their own shop they may not review.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = siteContext(request, undefined);
  const user = await requireUser(request);
  const url = new URL(request.url);
  const { t } = serverT(context.language);
  const shopId = url.searchParams.get('shop')?.slice(0, 128) ?? '';
  if (shopId) {
    const form = await shopReviewFormData(context, user, shopId);
    return formPageData(request, {
      kind: 'shop' as const,
      title: t('shopReviews.writeFor', { name: form.shop.name }),
      ...form,
      deleted: url.searchParams.get('deleted') === '1',
    });
  }
  const productId = url.searchParams.get('product')?.slice(0, 128) ?? '';
  if (!productId) throw redirect('/account');
  const [product] = await required(productCards(context, [productId]));
  if (!product) throw new Response('Not found', { status: 404 });
  return formPageData(request, {
    kind: 'product' as const,
    title: t('reviews.writeFor', { name: product.name }),
    product,
    written: url.searchParams.get('written') === '1',
  });
}

export const action = (args: ActionFunctionArgs) => pageFormAction(args, accountReviewForms);

export const headers = privatePage;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta(data?.title ?? 'Review'),
  { name: 'robots', content: 'noindex' },
];

export default function AccountReview() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const { t } = useSite();
  if (data.kind === 'shop') {
    // A shop's review page: its link, then the user's review with "Delete my review", or the form.
    const { title, shop, own, ownShop, deleted } = data;
    // A review refused because one was written meanwhile (another tab): the form has gone, its answer stays.
    const refused = own && result?.intent === 'shopReview' ? result.error : undefined;
    return (
      <AccountLayout title={title}>
        <p>
          <Link to={shop.route}>{shop.name}</Link>
        </p>
        {deleted ? <FormNotice done={{ key: 'shopReviews.deleted' }} /> : null}
        {refused ? <FormNotice error={refused} /> : null}
        {ownShop ? (
          <p className="notice notice-error">{t('shopReviews.ownShop')}</p>
        ) : own ? (
          <OwnShopReview shop={shop} review={own} />
        ) : (
          <ShopReviewForm shop={shop} />
        )}
      </AccountLayout>
    );
  }
  const { title, product, written } = data;
  return (
    <AccountLayout title={title}>
      {written ? (
        <>
          <FormNotice done={{ key: 'reviews.published' }} />
          <p>
            <Link to={`${product.route}#reviews`}>{t('reviews.back', { name: product.name })}</Link>
          </p>
        </>
      ) : (
        <>
          <p>
            <Link to={product.route}>{product.name}</Link>
          </p>
          <ReviewForm product={product} />
        </>
      )}
    </AccountLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
