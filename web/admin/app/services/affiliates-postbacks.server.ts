import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { AffiliatesServiceService, PostbackSort } from '@pc/proto/affiliates/v1/affiliates';
import { PostbackOutcome, type PostbackLogEntry } from '@pc/proto/affiliates/v1/types';
import { config } from '../config.server';
import type { TablePage, TableQuery } from '../tables/table-query';
import { client } from './grpc.server';
import { pageRequest } from '../tables/table-page';

const affiliates = client(AffiliatesServiceService, config.AFFILIATES_GRPC_ADDR);

/** Outcomes as the postback log's filter and messages name them (affiliates' PostbackOutcome). */
export const POSTBACK_OUTCOMES = {
  accepted: PostbackOutcome.POSTBACK_OUTCOME_ACCEPTED,
  duplicate: PostbackOutcome.POSTBACK_OUTCOME_DUPLICATE,
  unknown_network: PostbackOutcome.POSTBACK_OUTCOME_UNKNOWN_NETWORK,
  bad_signature: PostbackOutcome.POSTBACK_OUTCOME_BAD_SIGNATURE,
  stale: PostbackOutcome.POSTBACK_OUTCOME_STALE,
  invalid: PostbackOutcome.POSTBACK_OUTCOME_INVALID,
  unknown_transaction: PostbackOutcome.POSTBACK_OUTCOME_UNKNOWN_TRANSACTION,
  inactive_account: PostbackOutcome.POSTBACK_OUTCOME_INACTIVE_ACCOUNT,
  failed: PostbackOutcome.POSTBACK_OUTCOME_FAILED,
} as const;

const outcomeName = (outcome: PostbackOutcome) =>
  Object.entries(POSTBACK_OUTCOMES).find(([, value]) => value === outcome)?.[0] ?? 'failed';

export interface PostbackRow {
  readonly id: string;
  readonly network: string;
  readonly receivedAt: string;
  readonly outcome: string;
  readonly reason: string;
  readonly transactionIds: string;
  readonly changed: number;
  readonly bodySize: number;
}

const postbackRow = (entry: PostbackLogEntry): PostbackRow => ({
  id: entry.id,
  network: entry.network,
  receivedAt: entry.receivedAt?.toISOString() ?? '',
  outcome: outcomeName(entry.outcome),
  reason: entry.reason,
  transactionIds: entry.transactionIds.join(', '),
  changed: entry.changed,
  bodySize: entry.bodySize,
});

/** ListPostbacks (staff:affiliates): filtered, sorted and paged by affiliates. */
export async function postbackTable(
  actorUserId: string,
  query: TableQuery,
  filters: { network: string; outcome: string; from: Date | null; to: Date | null },
): Promise<TablePage<PostbackRow>> {
  const outcome = POSTBACK_OUTCOMES[filters.outcome as keyof typeof POSTBACK_OUTCOMES];
  const answer = await affiliates.listPostbacks({
    actorUserId,
    network: filters.network,
    outcomes: outcome ? [outcome] : [],
    range: filters.from || filters.to ? { start: filters.from ?? undefined, end: filters.to ?? undefined } : undefined,
    sort: query.dir === 'asc' ? PostbackSort.POSTBACK_SORT_OLDEST : PostbackSort.POSTBACK_SORT_NEWEST,
    page: pageRequest(query),
  });
  return {
    rows: answer.postbacks.map(postbackRow),
    page: answer.page?.page ?? query.page,
    size: query.size,
    total: Number(answer.page?.total ?? 0),
    pages: answer.page?.pages ?? 0,
  };
}

/** GetPostback: one entry with its body as text (a postback is JSON); null when unknown. */
export async function postbackById(
  actorUserId: string,
  postbackId: string,
): Promise<(PostbackRow & { body: string; truncated: boolean; signatureTimestamp: string }) | null> {
  try {
    const { postback } = await affiliates.getPostback({ actorUserId, postbackId });
    if (!postback) return null;
    return {
      ...postbackRow(postback),
      body: Buffer.from(postback.body).toString('utf8'),
      truncated: postback.body.byteLength < postback.bodySize,
      signatureTimestamp: postback.signatureTimestamp,
    };
  } catch (error) {
    if (error instanceof RpcError && [GrpcStatus.NOT_FOUND, GrpcStatus.INVALID_ARGUMENT].includes(error.code))
      return null;
    throw error;
  }
}
