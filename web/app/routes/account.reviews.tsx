import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { requireUser } from '~/auth/guards.server';
import { AccountLayout } from '~/components/account/AccountLayout';
import { FormNotice } from '~/components/forms/FormNotice';
import { ReviewForm } from '~/components/reviews/ReviewForm';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { accountReviewForms } from '~/data/account-reviews.server';
import { pageFormAction } from '~/data/form-action.server';
import { formPageData } from '~/data/form-page.server';
import { required } from '~/data/load.server';
import { productCards } from '~/data/product-cards.server';
import { serverT } from '~/i18n/server-t.server';
import { privatePage } from '~/site/cache-headers';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';

/**
 * /account/reviews?product={id} (sign-in required): the signed-in user writes a review of a
 * product (the product page's "Write a review"); `written=1` thanks them and leads back.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = siteContext(request, undefined);
  await requireUser(request);
  const url = new URL(request.url);
  const productId = url.searchParams.get('product')?.slice(0, 128) ?? '';
  if (!productId) throw redirect('/account');
  const [product] = await required(productCards(context, [productId]));
  if (!product) throw new Response('Not found', { status: 404 });
  return formPageData(request, {
    title: serverT(context.language).t('reviews.writeFor', { name: product.name }),
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
  const { title, product, written } = useLoaderData<typeof loader>();
  const { t } = useSite();
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
