import type {
  ListTransactionsRequest,
  ListTransactionsResponse,
  RecordTransactionRequest,
  RecordTransactionResponse,
} from '@pc/proto/affiliates/v1/affiliates';
import { TransactionStatus } from '@pc/proto/affiliates/v1/types';
import type { StaffCheck } from '@pc/staff-access/staff-check';
import type { Filter } from '@pc/kit/ports/document-store';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import { TransactionChecks } from '../domain/transaction-input.js';
import { toTransactionMessage } from '../domain/transaction-message.js';
import type { TransactionRepository } from '../store/transaction-repository.js';
import type { TransactionRecorder } from '../workflows/transaction-recorder.js';
import type { ShopAccess } from './shop-access.js';

export interface TransactionDependencies {
  readonly recorder: TransactionRecorder;
  readonly transactions: TransactionRepository;
  readonly staff: StaffCheck;
  readonly access: ShopAccess;
  /** The shared secret of each network's postbacks. */
  readonly postbackSecrets: ReadonlyMap<string, string>;
  readonly postbackMaxAgeMs: number;
  readonly clock: () => Date;
}

/** RecordTransaction: staff or the network integration (internal caller). */
export async function recordTransaction(
  request: RecordTransactionRequest,
  deps: TransactionDependencies,
): Promise<RecordTransactionResponse> {
  const checks = new TransactionChecks();
  const report = checks.report(request, deps.clock());
  checks.done();
  await deps.staff.require(request.actorUserId, 'recording a transaction');
  const click = await deps.recorder.attribution(report);
  if (!click) await deps.access.requireKnown(report.shopId);
  await deps.recorder.checkRecordable([{ report, click }]);
  return deps.recorder.record(report, click);
}

const TRANSACTIONS_PAGE = { defaultSize: 20, maxSize: 100 };
const STATUSES = [
  TransactionStatus.TRANSACTION_STATUS_PENDING,
  TransactionStatus.TRANSACTION_STATUS_APPROVED,
  TransactionStatus.TRANSACTION_STATUS_DECLINED,
];
/** Sums read at most this many transactions; beyond, they are left out rather than slow the list. */
const SUM_LIMIT = 10_000;

/** ListTransactions: an admin sees all; a shop owner names their shops. Newest first. */
export async function listTransactions(
  request: ListTransactionsRequest,
  deps: TransactionDependencies,
): Promise<ListTransactionsResponse> {
  const checks = new TransactionChecks();
  const shopIds = request.shopIds.map((id) => id.trim());
  checks.maxItems('shop_ids', shopIds.length, 100);
  request.statuses.forEach((status, i) =>
    STATUSES.includes(status)
      ? undefined
      : checks.add(`statuses[${i}]`, 'must be pending, confirmed or cancelled', 'in'),
  );
  const start = request.range?.start?.toISOString();
  const end = request.range?.end?.toISOString();
  if (start && end && end <= start) checks.add('range.end', 'must be after range.start', 'after');
  checks.done();
  const page = resolvePage(request.page, TRANSACTIONS_PAGE);
  if (shopIds.length > 0) await deps.access.requireReader(request.actorUserId, shopIds);
  else await deps.access.requireAdmin(request.actorUserId, "listing every shop's transactions");

  const filter: Record<string, Filter[string]> = {};
  if (shopIds.length > 0) filter.shopId = { $in: shopIds };
  if (request.network.trim()) filter.network = request.network.trim().toLowerCase();
  if (request.statuses.length > 0) filter.status = { $in: request.statuses };
  if (start || end) filter.orderedAt = { ...(start ? { $gte: start } : {}), ...(end ? { $lt: end } : {}) };
  const [items, total, all] = await Promise.all([
    deps.transactions.find(filter, page.skip, page.hitsPerPage),
    deps.transactions.count(filter),
    deps.transactions.find(filter, 0, SUM_LIMIT),
  ]);
  const currencies = new Set(all.map((t) => t.orderValue.currency));
  const single = currencies.size === 1 && all.length < SUM_LIMIT ? [...currencies][0]! : null;
  return {
    transactions: items.map(toTransactionMessage),
    page: pageResponse(page, total),
    totalOrderValue: single
      ? { amountMinor: all.reduce((sum, t) => sum + t.orderValue.amountMinor, 0), currency: single }
      : undefined,
    totalCommission: single
      ? { amountMinor: all.reduce((sum, t) => sum + (t.commission?.amountMinor ?? 0), 0), currency: single }
      : undefined,
  };
}
