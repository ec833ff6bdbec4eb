import { NotFoundError } from '@pc/kit/errors/domain-errors';
import { FieldChecks } from '@pc/kit/errors/field-checks';
import type { ServiceHandlers } from '@pc/kit/grpc/service-types';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import type { CatalogServiceService, MatchEvidence } from '@pc/proto/catalog/v1/catalog';
import type { CatalogAdmin } from '../catalog-components.js';
import { productIdFromSegment } from '../domain/ids.js';
import { toProductMessage } from '../domain/product-message.js';
import { toReviewMessage } from '../domain/review.js';
import type { PairEvidence } from '../matching/match-evidence.js';
import type { FoundBy } from '../moderation/duplicate-finder.js';
import { offerLinkId } from '../store/offer-link-repository.js';
import type { ProductRelationsLoader } from '../store/product-relations.js';
import type { StoredProduct } from '../store/product-repository.js';
import { intInRange, languageOf, MAX_REASON } from './request-fields.js';

type Handlers = ServiceHandlers<typeof CatalogServiceService>;

const CANDIDATES = { default: 10, max: 50 };
const QUEUE_PAGE = { defaultSize: 20, maxSize: 100 };
/** Links listed for one product: the panel's page, not an export. */
const MAX_LINKS = 1_000;

const evidenceMessage = (evidence: PairEvidence, foundBy: readonly FoundBy[]): MatchEvidence => ({
  rule: evidence.rule,
  sameProduct: evidence.sameProduct,
  confidence: evidence.confidence,
  threshold: evidence.threshold,
  features: evidence.features.map((feature) => ({ ...feature })),
  sharedGtins: [...evidence.sharedGtins],
  foundBy: [...foundBy],
});

/**
 * The shopping panel's moderation (ADR 060): duplicates with the matcher's evidence, a pair
 * compared, a product's offer links, a wrong match vetoed, the review queue. staff:shopping each;
 * the veto is a staff write and audited.
 */
export function moderationHandlers(
  relations: ProductRelationsLoader,
  admin: CatalogAdmin,
): Pick<
  Handlers,
  'listDuplicateCandidates' | 'compareProducts' | 'listOfferLinks' | 'vetoOfferMatch' | 'listReviewQueue'
> {
  const toMessages = async (products: readonly StoredProduct[], language: string) => {
    const relationsOf = await relations.load(products);
    return products.map((product) => toProductMessage(product, language, relationsOf(product)));
  };
  return {
    listDuplicateCandidates: async (request) => {
      await admin.staff.require(request.actorUserId.trim(), 'listing duplicates');
      const checks = new FieldChecks();
      const productId = productIdFromSegment(
        checks.text('product_id', request.productId, { required: true, max: 100 }),
      );
      const limit =
        request.limit === 0 ? CANDIDATES.default : checks.intBetween('limit', request.limit, 1, CANDIDATES.max);
      checks.done();
      const language = languageOf(request.language);
      const candidates = await admin.duplicates.candidates(productId, limit, language);
      const products = await toMessages(
        candidates.map((candidate) => candidate.product),
        language,
      );
      return {
        candidates: candidates.map((candidate, i) => ({
          product: products[i],
          evidence: evidenceMessage(candidate.evidence, candidate.evidence.foundBy),
        })),
      };
    },

    compareProducts: async (request) => {
      await admin.staff.require(request.actorUserId.trim(), 'comparing products');
      const checks = new FieldChecks();
      const productId = productIdFromSegment(
        checks.text('product_id', request.productId, { required: true, max: 100 }),
      );
      const otherId = productIdFromSegment(
        checks.text('other_product_id', request.otherProductId, { required: true, max: 100 }),
      );
      checks.done();
      const language = languageOf(request.language);
      const { product, other, evidence, moves } = await admin.duplicates.compare(productId, otherId, language);
      const [productMessage, otherMessage] = await toMessages([product, other], language);
      return {
        product: productMessage,
        other: otherMessage,
        evidence: evidenceMessage(evidence, ['typed']),
        moves: { gtins: [...moves.gtins], offerLinks: moves.offerLinks, reviews: moves.reviews },
      };
    },

    listOfferLinks: async (request) => {
      await admin.staff.require(request.actorUserId.trim(), 'listing offer links');
      const checks = new FieldChecks();
      const productId = productIdFromSegment(
        checks.text('product_id', request.productId, { required: true, max: 100 }),
      );
      checks.done();
      const links = await admin.links.ofProduct(productId, MAX_LINKS);
      return {
        links: links.map((link) => ({
          shopId: link.shopId,
          shopOfferId: link.shopOfferId,
          method: link.method,
          confidence: link.confidence,
          linkedAt: new Date(link.linkedAt),
        })),
      };
    },

    vetoOfferMatch: async (request) => {
      const actorUserId = request.actorUserId.trim();
      await admin.staff.require(actorUserId, 'flagging a wrong match');
      const checks = new FieldChecks();
      const shopId = checks.text('shop_id', request.shopId, { required: true, max: 200 });
      const shopOfferId = checks.text('shop_offer_id', request.shopOfferId, { required: true, max: 500 });
      const productId = productIdFromSegment(
        checks.text('product_id', request.productId, { required: true, max: 100 }),
      );
      const reason = checks.text('reason', request.reason, { max: MAX_REASON });
      checks.done();
      if (!(await admin.products.get(productId))) throw new NotFoundError('product', productId);
      const link = await admin.audit.around(
        {
          actorUserId,
          panel: 'shopping',
          action: 'offer-match.veto',
          entityType: 'offer_link',
          entityId: `${shopId}/${shopOfferId}`,
          before: await admin.links.get(offerLinkId(shopId, shopOfferId)),
        },
        () => admin.links.veto(shopId, shopOfferId, productId, new Date().toISOString()),
        (after) => ({ ...after, reason }),
      );
      return { vetoedProductIds: [...(link.vetoedProductIds ?? [])] };
    },

    listReviewQueue: async (request) => {
      await admin.staff.require(request.actorUserId.trim(), 'listing reviews');
      const checks = new FieldChecks();
      const productId = request.productId.trim()
        ? productIdFromSegment(checks.text('product_id', request.productId, { max: 100 }))
        : '';
      checks.done();
      const rating = intInRange('rating', request.rating, 0, 5);
      const language = request.language ? languageOf(request.language) : '';
      const page = resolvePage(request.page, QUEUE_PAGE);
      const { items, total } = await admin.reviews.list({ productId, language, rating }, 'newest', page);
      return { reviews: items.map(toReviewMessage), page: pageResponse(page, total) };
    },
  };
}
