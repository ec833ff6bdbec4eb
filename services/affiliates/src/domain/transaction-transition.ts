import { hash } from 'node:crypto';
import { ClickOrigin, DonationStatus, TransactionStatus } from '@pc/proto/affiliates/v1/types';
import type { MoneyRecord } from './click-record.js';
import { convert, shareOf } from './money.js';
import type { AttributedClick, DonationRecord, LedgerEntryRecord, TransactionRecord } from './transaction-record.js';

/** A network's report of a sale, checked (transaction-input.ts). */
export interface TransactionReport {
  readonly network: string;
  readonly externalId: string;
  readonly shopId: string;
  readonly orderValue: MoneyRecord;
  readonly commission: MoneyRecord | null;
  readonly status: TransactionStatus;
  readonly orderedAt: Date;
}

/** The programme's terms (spec §1, §9: 1 % of the purchase value). */
export interface EcoTipTerms {
  readonly basisPoints: number;
  readonly organisation: string;
}

export interface Transition {
  readonly next: TransactionRecord;
  /** Ledger entries the change appends (none when the donation did not change). */
  readonly entries: readonly LedgerEntryRecord[];
  readonly previousStatus: TransactionStatus;
}

/** pending → confirmed → cancelled, or pending → cancelled: a report never moves a sale back. */
const RANK: Readonly<Record<number, number>> = {
  [TransactionStatus.TRANSACTION_STATUS_PENDING]: 1,
  [TransactionStatus.TRANSACTION_STATUS_APPROVED]: 2,
  [TransactionStatus.TRANSACTION_STATUS_DECLINED]: 3,
};

const DONATION_STATE: Readonly<Record<number, DonationStatus>> = {
  [TransactionStatus.TRANSACTION_STATUS_PENDING]: DonationStatus.DONATION_STATUS_PENDING,
  [TransactionStatus.TRANSACTION_STATUS_APPROVED]: DonationStatus.DONATION_STATUS_CONFIRMED,
  [TransactionStatus.TRANSACTION_STATUS_DECLINED]: DonationStatus.DONATION_STATUS_CANCELLED,
};

const digest = (network: string, externalId: string) =>
  hash('sha256', `${network}\0${externalId}`, 'base64url').slice(0, 22);

/** The transaction id: one per (network, the network's id), so a repeated postback finds it. */
export const transactionIdOf = (network: string, externalId: string): string => `tx_${digest(network, externalId)}`;

/** Whether a click earns an EcoTip donation: a leaf-marked offer reached from its product page (spec §1). */
export const earnsDonation = (click: AttributedClick | null): boolean =>
  click !== null && click.isGreen && click.origin === ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE;

const sameMoney = (a: MoneyRecord | null, b: MoneyRecord | null) =>
  a?.amountMinor === b?.amountMinor && a?.currency === b?.currency;

/**
 * The change a report makes, or null when it makes none: a repeat, or a report of an earlier
 * state than the one held (networks resend). The donation follows the sale: its entries move
 * the amount out of the state it was in and into the new one, so each state's entries add up to
 * that state's total and a cancelled sale's entries add up to nothing. Entries are appended,
 * never edited. `fxRate` converts the sale's currency to CHF for a new donation (later entries
 * keep the rate the donation was first booked at, so a reversal matches its accrual exactly).
 */
export function transition(
  current: TransactionRecord | null,
  report: TransactionReport,
  click: AttributedClick | null,
  fxRate: string,
  terms: EcoTipTerms,
  now: Date,
): Transition | null {
  if (current) {
    if (RANK[report.status]! < RANK[current.status]!) return null;
    if (
      report.status === current.status &&
      sameMoney(report.orderValue, current.orderValue) &&
      sameMoney(report.commission, current.commission)
    )
      return null;
    if (current.status === TransactionStatus.TRANSACTION_STATUS_DECLINED) return null;
  }
  const at = now.toISOString();
  const id = current?._id ?? transactionIdOf(report.network, report.externalId);
  const attributed = current ? current.click : click;
  const donation = nextDonation(current?.donation ?? null, attributed, report, fxRate, terms, at, id);
  const entries = donation ? ledgerEntries(current?.donation ?? null, donation, id, attributed?.clickId ?? '', at) : [];
  const next: TransactionRecord = {
    _id: id,
    network: report.network,
    externalId: report.externalId,
    shopId: current?.shopId ?? report.shopId,
    click: attributed,
    orderValue: report.orderValue,
    commission: report.commission,
    status: report.status,
    orderedAt: current?.orderedAt ?? report.orderedAt.toISOString(),
    recordedAt: current?.recordedAt ?? at,
    updatedAt: at,
    version: (current?.version ?? 0) + 1,
    donation: donation ? { ...donation, entries: (current?.donation?.entries ?? 0) + entries.length } : null,
    ledgerOutbox: [...(current?.ledgerOutbox ?? []), ...entries],
    ledgerPending: (current?.ledgerOutbox.length ?? 0) + entries.length > 0,
  };
  return { next, entries, previousStatus: current?.status ?? TransactionStatus.TRANSACTION_STATUS_UNSPECIFIED };
}

function nextDonation(
  current: DonationRecord | null,
  click: AttributedClick | null,
  report: TransactionReport,
  fxRate: string,
  terms: EcoTipTerms,
  at: string,
  transactionId: string,
): DonationRecord | null {
  if (!current && !earnsDonation(click)) return null;
  const amountMinor = shareOf(report.orderValue.amountMinor, terms.basisPoints);
  const rate = current?.fxRate ?? fxRate;
  return {
    id: current?.id ?? `dn_${transactionId.slice(3)}`,
    organisation: current?.organisation ?? terms.organisation,
    state: DONATION_STATE[report.status]!,
    amountMinor,
    currency: report.orderValue.currency,
    accountingMinor: convert(amountMinor, rate),
    fxRate: rate,
    month: current?.month ?? report.orderedAt.toISOString().slice(0, 7),
    country: current?.country ?? click?.country ?? '',
    entries: current?.entries ?? 0,
    createdAt: current?.createdAt ?? at,
    updatedAt: at,
  };
}

/** Out of the old state (unless it was cancelled), into the new one (unless it is cancelled). */
function ledgerEntries(
  before: DonationRecord | null,
  after: DonationRecord,
  transactionId: string,
  clickId: string,
  at: string,
): LedgerEntryRecord[] {
  const moved = !before || before.state !== after.state || before.amountMinor !== after.amountMinor;
  if (!moved) return [];
  const parts: { state: DonationStatus; sign: 1 | -1; from: DonationRecord }[] = [];
  if (before && before.state !== DonationStatus.DONATION_STATUS_CANCELLED)
    parts.push({ state: before.state, sign: -1, from: before });
  if (after.state !== DonationStatus.DONATION_STATUS_CANCELLED)
    parts.push({ state: after.state, sign: 1, from: after });
  const first = (before?.entries ?? 0) + 1;
  const stamp = Date.parse(at).toString(36).padStart(9, '0');
  return parts.map((part, i) => {
    const sequence = first + i;
    return {
      _id: `le_${stamp}${after.id.slice(3, 19)}${String(sequence).padStart(4, '0')}`,
      sequence,
      donationId: after.id,
      transactionId,
      clickId,
      state: part.state,
      amountMinor: part.sign * part.from.amountMinor,
      currency: part.from.currency,
      accountingMinor: part.sign * part.from.accountingMinor,
      fxRate: part.from.fxRate,
      month: after.month,
      country: after.country,
      organisation: after.organisation,
      createdAt: at,
    };
  });
}
