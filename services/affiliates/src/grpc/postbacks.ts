import {
  PostbackSort,
  type GetPostbackRequest,
  type GetPostbackResponse,
  type ListPostbacksRequest,
  type ListPostbacksResponse,
  type RecordPostbackRequest,
  type RecordPostbackResponse,
  type RecordTransactionResponse,
} from '@pc/proto/affiliates/v1/affiliates';
import { PostbackOutcome } from '@pc/proto/affiliates/v1/types';
import { NotFoundError } from '@pc/kit/errors/domain-errors';
import { FieldChecks } from '@pc/kit/errors/field-checks';
import type { Filter } from '@pc/kit/ports/document-store';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import { namedTransactionIds, parsePostback, verifyPostback } from '../domain/postback.js';
import { refusalOf, toPostbackMessage } from '../domain/postback-log-record.js';
import { TransactionChecks } from '../domain/transaction-input.js';
import type { AttributedClick } from '../domain/transaction-record.js';
import type { TransactionReport } from '../domain/transaction-transition.js';
import type { AdvertiserRepository } from '../store/advertiser-repository.js';
import type { AffiliateAccountRepository } from '../store/affiliate-account-repository.js';
import type { PostbackLogRepository } from '../store/postback-log-repository.js';
import { requireLiveAccount } from './postback-account.js';
import type { TransactionDependencies } from './transactions.js';

export interface PostbackDependencies extends TransactionDependencies {
  readonly postbackLog: PostbackLogRepository;
  readonly accounts: AffiliateAccountRepository;
  readonly advertisers: AdvertiserRepository;
}

/**
 * RecordPostback: every postback is logged with what became of it — accepted, a duplicate, or
 * refused with the reason the network was told — after the outcome is known, so the log never
 * claims a sale that was not recorded.
 */
export async function recordPostback(
  request: RecordPostbackRequest,
  deps: PostbackDependencies,
): Promise<RecordPostbackResponse> {
  const receivedAt = deps.clock();
  const seen: { transactionIds: string[] } = { transactionIds: [] };
  const log = (outcome: PostbackOutcome, reason: string, changed: number) =>
    deps.postbackLog.append({
      network: request.network.trim().toLowerCase().slice(0, 64),
      receivedAt: receivedAt.toISOString(),
      outcome,
      reason,
      transactionIds: seen.transactionIds,
      changed,
      body: request.body,
      signatureTimestamp: request.timestamp.trim().slice(0, 32),
    });
  let response: RecordPostbackResponse;
  try {
    response = await acceptPostback(request, deps, receivedAt, seen);
  } catch (error) {
    const refusal = refusalOf(error);
    await log(refusal.outcome, refusal.reason, 0);
    throw error;
  }
  const changed = response.results.filter((result) => result.changed).length;
  await log(
    changed > 0 ? PostbackOutcome.POSTBACK_OUTCOME_ACCEPTED : PostbackOutcome.POSTBACK_OUTCOME_DUPLICATE,
    changed > 0 ? '' : 'every transaction was already in that state',
    changed,
  );
  return response;
}

/**
 * The signature first (nothing is parsed before it holds), then every transaction of the body is
 * checked, attributed and its account found live before the first is recorded, so a bad item
 * leaves the whole postback unrecorded.
 */
async function acceptPostback(
  request: RecordPostbackRequest,
  deps: PostbackDependencies,
  now: Date,
  seen: { transactionIds: string[] },
): Promise<RecordPostbackResponse> {
  const network = request.network.trim().toLowerCase();
  verifyPostback(
    deps.postbackSecrets.get(network),
    request.body,
    request.signature,
    request.timestamp,
    now,
    deps.postbackMaxAgeMs,
  );
  seen.transactionIds = namedTransactionIds(request.body);
  const raws = parsePostback(network, request.body);
  const checks = new TransactionChecks();
  const reports = raws.map((raw, i) => checks.report(raw, now, raws.length > 1 ? `transactions[${i}].` : ''));
  checks.done();
  const items: { report: TransactionReport & { clickId: string }; click: AttributedClick | null }[] = [];
  for (const [i, report] of reports.entries()) {
    const click = await deps.recorder.attribution(report, raws.length > 1 ? `transactions[${i}].click_id` : 'click_id');
    if (!click) await deps.access.requireKnown(report.shopId);
    await requireLiveAccount(deps, network, click?.shopId ?? report.shopId);
    items.push({ report, click });
  }
  await deps.recorder.checkRecordable(items);
  const results: RecordTransactionResponse[] = [];
  for (const { report, click } of items) results.push(await deps.recorder.record(report, click));
  return { results };
}

const POSTBACKS_PAGE = { defaultSize: 50, maxSize: 200 };
const OUTCOMES = new Set(
  Object.values(PostbackOutcome).filter(
    (value): value is PostbackOutcome =>
      typeof value === 'number' && value > PostbackOutcome.POSTBACK_OUTCOME_UNSPECIFIED,
  ),
);

/** ListPostbacks (staff:affiliates): filtered and sorted in the store, a page at a time, without bodies. */
export async function listPostbacks(
  request: ListPostbacksRequest,
  deps: PostbackDependencies,
): Promise<ListPostbacksResponse> {
  const checks = new FieldChecks();
  const network = request.network.trim().toLowerCase();
  if (network.length > 64) checks.add('network', 'must be at most 64 characters', 'max');
  checks.maxItems('outcomes', request.outcomes.length, OUTCOMES.size);
  request.outcomes.forEach((outcome, i) =>
    OUTCOMES.has(outcome) ? undefined : checks.add(`outcomes[${i}]`, 'is not a postback outcome', 'in'),
  );
  const start = request.range?.start?.toISOString();
  const end = request.range?.end?.toISOString();
  if (start && end && end <= start) checks.add('range.end', 'must be after range.start', 'after');
  if (
    ![
      PostbackSort.POSTBACK_SORT_UNSPECIFIED,
      PostbackSort.POSTBACK_SORT_NEWEST,
      PostbackSort.POSTBACK_SORT_OLDEST,
    ].includes(request.sort)
  )
    checks.add('sort', 'must be newest or oldest', 'in');
  checks.done();
  const page = resolvePage(request.page, POSTBACKS_PAGE);
  await deps.staff.require(request.actorUserId, 'listing postbacks');
  const filter: Record<string, Filter[string]> = {};
  if (network) filter.network = network;
  if (request.outcomes.length > 0) filter.outcome = { $in: [...new Set(request.outcomes)] };
  if (start || end) filter.receivedAt = { ...(start ? { $gte: start } : {}), ...(end ? { $lt: end } : {}) };
  const order = request.sort === PostbackSort.POSTBACK_SORT_OLDEST ? 1 : -1;
  const { items, total } = await deps.postbackLog.page(filter, order, page.skip, page.hitsPerPage);
  return { postbacks: items.map((item) => toPostbackMessage(item, false)), page: pageResponse(page, total) };
}

/** GetPostback (staff:affiliates): one entry with its raw body. */
export async function getPostback(
  request: GetPostbackRequest,
  deps: PostbackDependencies,
): Promise<GetPostbackResponse> {
  const checks = new FieldChecks();
  const id = request.postbackId.trim();
  if (!/^pb_[0-9a-f]{1,60}$/.test(id)) checks.add('postback_id', 'is not a postback id', 'format');
  checks.done();
  await deps.staff.require(request.actorUserId, 'reading a postback');
  const found = await deps.postbackLog.get(id);
  if (!found) throw new NotFoundError('postback', id);
  return { postback: toPostbackMessage(found, true) };
}
