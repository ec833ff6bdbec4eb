import { redirect } from '@remix-run/node';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { pageForm, type PageForms } from '~/data/form-action.server';
import { logoutPageForm } from '~/data/logout-form.server';
import { analyseFeedNow } from '~/services/crawler.server';
import { ownShops } from '~/services/offers.server';
import { replyToShopReview } from '~/services/shop-reviews.server';
import { shopReplyForm } from '~/shop-reviews/forms';
import { REPLY_REASONS, replyViolations } from '~/shop-reviews/refusals';
import {
  addFeedForm,
  deleteShopForm,
  feedIdForm,
  registerShopForm,
  shopDetailsForm,
  updateFeedForm,
  urlParametersForm,
} from './forms';
import { BUSINESS_PATH, refusal, requireBusinessUser } from './business-user.server';
import { FEED_FORMAT_OF } from './shop-view.server';
import {
  feedViolations,
  parameterErrors,
  parameterViolations,
  registerShopViolations,
  shopDetailsViolations,
} from './violations.server';

/** The register-shop form (spec §2.8, §3 Shop, §5): offers checks every field again and the domain ("shop already registered"). */
export const registerShopForms: PageForms = {
  register: pageForm({
    schema: registerShopForm,
    reasons: {
      SHOP_ALREADY_REGISTERED: 'business.register.alreadyRegistered',
      NOT_BUSINESS_ACCOUNT: 'business.required',
    },
    violations: registerShopViolations,
    run: async ({ input, request }) => {
      const user = await requireBusinessUser(request);
      await ownShops.register(user.id, {
        name: input.name,
        homepageUrl: input.homepage,
        company: input.company,
        commercialRegisterNumber: input.commercial_register_number,
        address: {
          line1: input.line1,
          line2: input.line2,
          zipCode: input.zip_code,
          city: input.city,
          country: input.country,
        },
        phone: input.phone,
        email: input.email,
        countries: [],
        feedUrl: input.feed_url,
        feedFormat: FEED_FORMAT_OF.detect,
        termsAccepted: input.terms,
      });
      return redirect(`${BUSINESS_PATH}?registered=${encodeURIComponent(input.name)}`);
    },
  }),
  logout: logoutPageForm,
};

const FEED_TEXTS = {
  FEED_DISABLED: 'business.feeds.analyseLater',
  FEED_NOT_READY: 'business.feeds.analyseLater',
  ANALYSIS_UNAVAILABLE: 'business.feeds.analyseUnavailable',
};

/**
 * "Analyse now": offers says whether the feed is the user's (the crawler takes the request from
 * the site as a trusted caller, ADR 046a); a feed the crawler cannot fetch yet (the shop awaits
 * its subscription) or a crawler without feed jobs is said so.
 */
async function analyse(userId: string, shopId: string, feedId: string): Promise<void> {
  const feeds = await ownShops.feeds(userId, shopId);
  if (!feeds.some((feed) => feed.id === feedId)) throw new RpcError(GrpcStatus.NOT_FOUND, `feed ${feedId} not found`);
  try {
    await analyseFeedNow(shopId, feedId, userId);
  } catch (error) {
    if (
      error instanceof RpcError &&
      (error.code === GrpcStatus.NOT_FOUND || error.code === GrpcStatus.FAILED_PRECONDITION)
    )
      throw refusal('FEED_NOT_READY', error.message);
    if (error instanceof RpcError && error.code === GrpcStatus.UNIMPLEMENTED)
      throw refusal('ANALYSIS_UNAVAILABLE', error.message);
    throw error;
  }
}

/**
 * The forms of shop settings (spec §2.2, §2.8) of the shop `shopId` (the page's): its details,
 * product feeds (add, edit, delete, analyse now), URL parameters, the public reply to a visitor's
 * review (ADR 119; empty removes it), deleting the shop (cannot be undone), logout.
 * Offers checks each is the user's.
 */
export const shopSettingsForms = (shopId: string): PageForms => ({
  details: pageForm({
    schema: shopDetailsForm,
    violations: shopDetailsViolations,
    run: async ({ input, request }) => {
      const user = await requireBusinessUser(request);
      await ownShops.updateDetails(user.id, shopId, {
        name: input.name,
        description: input.description,
        company: input.company,
        commercialRegisterNumber: input.commercial_register_number,
        address: {
          line1: input.line1,
          line2: input.line2,
          zipCode: input.zip_code,
          city: input.city,
          country: input.country,
        },
        phone: input.phone,
        email: input.email,
      });
      return { key: 'business.details.saved' };
    },
  }),
  addFeed: pageForm({
    schema: addFeedForm,
    reasons: FEED_TEXTS,
    violations: feedViolations,
    run: async ({ input, request }) => {
      const user = await requireBusinessUser(request);
      await ownShops.addFeed(user.id, shopId, input.url, FEED_FORMAT_OF[input.format]);
      return { key: 'business.feeds.added' };
    },
  }),
  updateFeed: pageForm({
    schema: updateFeedForm,
    violations: feedViolations,
    run: async ({ input, request }) => {
      const user = await requireBusinessUser(request);
      await ownShops.updateFeed(user.id, shopId, input.feed_id, {
        url: input.url,
        format: FEED_FORMAT_OF[input.format],
        enabled: input.enabled,
      });
      return { key: 'business.feeds.saved' };
    },
  }),
  deleteFeed: pageForm({
    schema: feedIdForm,
    run: async ({ input, request }) => {
      const user = await requireBusinessUser(request);
      await ownShops.deleteFeed(user.id, shopId, input.feed_id);
      return { key: 'business.feeds.deleted' };
    },
  }),
  analyse: pageForm({
    schema: feedIdForm,
    reasons: FEED_TEXTS,
    run: async ({ input, request }) => {
      const user = await requireBusinessUser(request);
      await analyse(user.id, shopId, input.feed_id);
      return { key: 'business.feeds.analysing' };
    },
  }),
  parameters: pageForm({
    schema: urlParametersForm,
    violations: parameterViolations,
    run: async ({ input, request }) => {
      const user = await requireBusinessUser(request);
      try {
        await ownShops.setUrlParameters(
          user.id,
          shopId,
          input.map(({ name, value }) => ({ name, value })),
        );
      } catch (error) {
        throw parameterErrors(error, input);
      }
      return { key: 'business.parameters.saved' };
    },
  }),
  reply: pageForm({
    schema: shopReplyForm,
    reasons: REPLY_REASONS,
    violations: replyViolations,
    run: async ({ input, request }) => {
      const user = await requireBusinessUser(request);
      await replyToShopReview(user.id, input.review_id, input.body);
      return { key: input.body ? 'shopReviews.owner.replied' : 'shopReviews.owner.removed' };
    },
  }),
  deleteShop: pageForm({
    schema: deleteShopForm,
    run: async ({ request }) => {
      const user = await requireBusinessUser(request);
      await ownShops.delete(user.id, shopId);
      return redirect(`${BUSINESS_PATH}?deleted=1`);
    },
  }),
  logout: logoutPageForm,
});
