import { redirect } from '@remix-run/node';
import { requireUser } from '~/auth/guards.server';
import { reviewForm } from '~/reviews/forms';
import { addReview } from '~/services/catalog.server';
import { siteContext } from '~/site/site-context.server';
import { pageForm, type PageForms } from './form-action.server';
import { logoutPageForm } from './logout-form.server';

/**
 * The review page's form: the signed-in user's review of a product, in the interface language,
 * signed with the user's name as accounts has it. Catalog refuses a second review of the same
 * product by the same user (REVIEW_EXISTS) and updates the product's rating.
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
  logout: logoutPageForm,
};
