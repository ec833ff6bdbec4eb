import { redirect } from '@remix-run/node';
import { requireUser } from '~/auth/guards.server';
import { sitePaths } from '~/api/mappers/site-paths.server';
import { reviewForm } from '~/reviews/forms';
import { addReview } from '~/services/catalog.server';
import { addShopReview, deleteShopReview } from '~/services/shop-reviews.server';
import { deleteShopReviewForm, shopReviewForm } from '~/shop-reviews/forms';
import { SHOP_REVIEW_REASONS, shopReviewViolations } from '~/shop-reviews/refusals';
import { REVIEW_PARAMS } from '~/shop-reviews/review-query';
import { siteContext } from '~/site/site-context.server';
import { pageForm, type PageForms } from './form-action.server';
import { logoutPageForm } from './logout-form.server';

/** The review page of a shop, for the user's review form. */
export const shopReviewPagePath = (shopId: string) => `/account/reviews?shop=${encodeURIComponent(shopId)}`;

/**
 * The review page's forms: the signed-in user's review of a product (catalog refuses a second
 * review by the same user, REVIEW_EXISTS, and updates the product's rating) or of a shop (offers:
 * one per user and shop, not their own, at most 10 a day; it sets the shop's rating), in the
 * interface language; deleting their review of a shop.
 */
export const accountReviewForms: PageForms = {
  review: pageForm({
    schema: reviewForm,
    reasons: { REVIEW_EXISTS: 'reviews.exists' },
    run: async ({ input, request }) => {
      const user = await requireUser(request);
      const { language } = siteContext(request, undefined);
      await addReview(user.id, {
        productId: input.product_id,
        author: user.name,
        rating: input.rating,
        title: input.title,
        body: input.body,
        language,
      });
      return redirect(`/account/reviews?product=${encodeURIComponent(input.product_id)}&written=1`);
    },
  }),
  shopReview: pageForm({
    schema: shopReviewForm,
    reasons: SHOP_REVIEW_REASONS,
    violations: shopReviewViolations,
    run: async ({ input, request }) => {
      const user = await requireUser(request);
      const { language, locale } = siteContext(request, undefined);
      await addShopReview(user.id, {
        shopId: input.shop_id,
        rating: input.rating,
        title: input.title,
        body: input.body,
        language,
      });
      // The shop's page, which thanks them: the micro-cache renders a writer's pages for them
      // (ADR 083), and the stored copies follow the shop's ShopChanged (ADR 082).
      const shopPath = sitePaths.shop(locale.id, encodeURIComponent(input.shop_id));
      return redirect(`${shopPath}?${REVIEW_PARAMS.notice}=published#reviews`);
    },
  }),
  deleteShopReview: pageForm({
    schema: deleteShopReviewForm,
    run: async ({ input, request }) => {
      const user = await requireUser(request);
      await deleteShopReview(user.id, input.review_id);
      return redirect(`${shopReviewPagePath(input.shop_id)}&deleted=1`);
    },
  }),
  logout: logoutPageForm,
};
