import { CatalogServiceService, type MatchEvidence } from '@pc/proto/catalog/v1/catalog';
import { config } from '../config.server';
import type { EvidenceView } from '../panels/shopping/evidence-facts';
import type { TablePage, TableQuery } from '../tables/table-query';
import type { ReviewRow } from './catalog.server';
import { client } from './grpc.server';
import { pageRequest, tablePage } from '../tables/table-page';

const catalog = client(CatalogServiceService, config.CATALOG_GRPC_ADDR);

const evidenceView = (evidence: MatchEvidence | undefined): EvidenceView => ({
  rule: evidence?.rule ?? '',
  sameProduct: evidence?.sameProduct ?? false,
  confidence: evidence?.confidence ?? 0,
  threshold: evidence?.threshold ?? 0,
  features: (evidence?.features ?? []).map((feature) => ({ ...feature })),
  sharedGtins: evidence?.sharedGtins ?? [],
  foundBy: evidence?.foundBy ?? [],
});

export interface DuplicateRow {
  readonly id: string;
  readonly name: string;
  readonly brand: string;
  readonly gtins: readonly string[];
  readonly mpn: string;
  readonly evidence: EvidenceView;
}

/** The products the matcher's blocking finds for one, with its evidence for each pair (staff:shopping). */
export async function duplicateCandidates(
  actorUserId: string,
  productId: string,
  language: string,
): Promise<DuplicateRow[]> {
  const { candidates } = await catalog.listDuplicateCandidates({ actorUserId, productId, limit: 20, language });
  return candidates.map((candidate) => ({
    id: candidate.product?.id ?? '',
    name: candidate.product?.name ?? '',
    brand: candidate.product?.brand?.name ?? '',
    gtins: candidate.product?.gtins ?? [],
    mpn: candidate.product?.mpn ?? '',
    evidence: evidenceView(candidate.evidence),
  }));
}

/** A pair compared (the merge's confirm step): the evidence and what merging `otherId` into `productId` moves. */
export async function compareProducts(actorUserId: string, productId: string, otherId: string, language: string) {
  const answer = await catalog.compareProducts({ actorUserId, productId, otherProductId: otherId, language });
  return {
    productName: answer.product?.name ?? '',
    otherName: answer.other?.name ?? '',
    evidence: evidenceView(answer.evidence),
    moves: {
      gtins: answer.moves?.gtins ?? [],
      offerLinks: Number(answer.moves?.offerLinks ?? 0),
      reviews: Number(answer.moves?.reviews ?? 0),
    },
  };
}

/** MergeProducts: catalog checks staff:shopping and audits; offers follows from the event. */
export async function mergeInto(actorUserId: string, targetProductId: string, sourceProductId: string): Promise<void> {
  await catalog.mergeProducts({ actorUserId, targetProductId, sourceProductIds: [sourceProductId] });
}

/** How each shop offer of a product was matched, by `shopId/shopOfferId`. */
export async function matchMethods(actorUserId: string, productId: string): Promise<Map<string, string>> {
  const { links } = await catalog.listOfferLinks({ actorUserId, productId });
  return new Map(links.map((link) => [`${link.shopId}/${link.shopOfferId}`, link.method]));
}

/** One page of the review queue: every product's reviews, newest first, filtered by rating, language and product. */
export async function reviewQueue(
  actorUserId: string,
  query: TableQuery,
): Promise<TablePage<ReviewRow & { productId: string; language: string }>> {
  const rating = Number(query.filters.rating ?? '0');
  const answer = await catalog.listReviewQueue({
    actorUserId,
    productId: (query.filters.product ?? '').trim(),
    language: (query.filters.language ?? '').trim(),
    rating: Number.isInteger(rating) && rating >= 0 && rating <= 5 ? rating : 0,
    page: pageRequest(query),
  });
  return tablePage(
    answer.reviews.map((review) => ({
      id: review.id,
      productId: review.productId,
      language: review.language,
      author: review.author,
      rating: review.rating,
      title: review.title,
      body: review.body,
      domain: review.domain,
      publishedAt: review.publishedAt?.toISOString() ?? '',
    })),
    answer.page,
    query,
  );
}

/** DeleteReview as moderation, with its reason (kept in catalog's audit entry). */
export async function deleteReviewWithReason(actorUserId: string, reviewId: string, reason: string): Promise<void> {
  await catalog.deleteReview({ reviewId, actorUserId, reason });
}
