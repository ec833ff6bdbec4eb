import type {
  GetEcoTipSummaryRequest,
  GetEcoTipSummaryResponse,
  ListDonationEntriesRequest,
  ListDonationEntriesResponse,
  ListDonationsRequest,
  ListDonationsResponse,
} from '@pc/proto/affiliates/v1/affiliates';
import { DonationStatus } from '@pc/proto/affiliates/v1/types';
import type { Money } from '@pc/proto/common/v1/money';
import { FieldChecks } from '@pc/kit/errors/field-checks';
import type { Filter } from '@pc/kit/ports/document-store';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import { ledgerTotals } from '../domain/ecotip-totals.js';
import { ACCOUNTING_CURRENCY, convert, isCurrency } from '../domain/money.js';
import { toDonationMessage, toEntryMessage } from '../domain/transaction-message.js';
import type { LedgerRepository } from '../store/ledger-repository.js';
import type { TransactionRepository } from '../store/transaction-repository.js';
import type { LedgerSnapshot } from '../workflows/ledger-snapshot.js';
import type { FxRates } from './fx-rates.js';
import type { ShopAccess } from './shop-access.js';

export interface EcoTipDependencies {
  readonly snapshot: LedgerSnapshot;
  readonly ledger: LedgerRepository;
  readonly transactions: TransactionRepository;
  readonly fx: FxRates;
  readonly access: ShopAccess;
}

const ENTRY_ID = /^le_[0-9a-zA-Z_-]{1,60}$/;

/**
 * GetEcoTipSummary (the public EcoTip page): the ledger's sums per purchase month and site
 * country, and overall, in CHF, and converted once per total to the asked currency.
 */
export async function getEcoTipSummary(
  request: GetEcoTipSummaryRequest,
  deps: EcoTipDependencies,
): Promise<GetEcoTipSummaryResponse> {
  const checks = new FieldChecks();
  const currency = request.currency.trim().toUpperCase() || ACCOUNTING_CURRENCY;
  if (!isCurrency(currency)) checks.add('currency', 'must be an ISO 4217 currency code such as "EUR"', 'currency');
  const from = request.range?.start?.toISOString().slice(0, 7) ?? '';
  const to = request.range?.end ? new Date(request.range.end.getTime() - 1).toISOString().slice(0, 7) : '';
  if (from && to && to < from) checks.add('range.end', 'must be after range.start', 'after');
  checks.done();
  const rate = await deps.fx.latest(ACCOUNTING_CURRENCY, currency);
  if (!rate) {
    checks.add('currency', `has no exchange rate from ${ACCOUNTING_CURRENCY}`, 'currency');
    checks.done();
  }
  const totals = ledgerTotals(
    await deps.snapshot.entries(),
    (month) => (!from || month >= from) && (!to || month <= to),
  );
  const chf = (amountMinor: number): Money => ({ amountMinor, currency: ACCOUNTING_CURRENCY });
  const shown = (amountMinor: number): Money => ({ amountMinor: convert(amountMinor, rate!.rate), currency });
  return {
    donated: shown(totals.confirmed),
    pending: shown(totals.pending),
    purchases: totals.purchases,
    organisations: [...totals.organisations].map(([organisation, donated]) => ({
      organisation,
      donated: shown(donated),
    })),
    totals: totals.periods.map((period) => ({
      month: period.month,
      country: period.country,
      confirmed: chf(period.confirmed),
      pending: chf(period.pending),
      confirmedConverted: shown(period.confirmed),
      pendingConverted: shown(period.pending),
      purchases: period.purchases,
    })),
    donatedAccounting: chf(totals.confirmed),
    pendingAccounting: chf(totals.pending),
    fxRate: currency === ACCOUNTING_CURRENCY ? undefined : rate!,
  };
}

/** ListDonationEntries: the ledger in order, public (the EcoTip page's CSV export). */
export async function listDonationEntries(
  request: ListDonationEntriesRequest,
  deps: EcoTipDependencies,
): Promise<ListDonationEntriesResponse> {
  const checks = new FieldChecks();
  const token = request.page?.pageToken.trim() ?? '';
  if (token && !ENTRY_ID.test(token)) checks.add('page.page_token', 'is not a token this call gave', 'regex');
  const size = request.page?.pageSize || 100;
  checks.intBetween('page.page_size', size, 1, 1000);
  checks.done();
  const entries = await deps.ledger.page(token, size);
  return {
    entries: entries.map(toEntryMessage),
    page: { nextPageToken: entries.length === size ? entries[entries.length - 1]!._id : '' },
  };
}

const DONATIONS_PAGE = { defaultSize: 20, maxSize: 100 };
const STATES = [
  DonationStatus.DONATION_STATUS_PENDING,
  DonationStatus.DONATION_STATUS_CONFIRMED,
  DonationStatus.DONATION_STATUS_CANCELLED,
];

/** ListDonations (admin): transactions' donations as they stand, newest purchase first. */
export async function listDonations(
  request: ListDonationsRequest,
  deps: EcoTipDependencies,
): Promise<ListDonationsResponse> {
  const checks = new FieldChecks();
  request.statuses.forEach((status, i) =>
    STATES.includes(status) ? undefined : checks.add(`statuses[${i}]`, 'must be pending, confirmed or cancelled', 'in'),
  );
  checks.done();
  const page = resolvePage(request.page, DONATIONS_PAGE);
  await deps.access.requireAdmin(request.actorUserId, 'listing donations');
  const filter: Record<string, Filter[string]> = {
    'donation.state': { $in: request.statuses.length > 0 ? request.statuses : STATES },
  };
  const start = request.range?.start?.toISOString();
  const end = request.range?.end?.toISOString();
  if (start || end) filter.orderedAt = { ...(start ? { $gte: start } : {}), ...(end ? { $lt: end } : {}) };
  const [items, total] = await Promise.all([
    deps.transactions.find(filter, page.skip, page.hitsPerPage),
    deps.transactions.count(filter),
  ]);
  return { donations: items.map(toDonationMessage), page: pageResponse(page, total) };
}
