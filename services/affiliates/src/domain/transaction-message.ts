import type { Donation, DonationEntry, Transaction } from '@pc/proto/affiliates/v1/types';
import { ACCOUNTING_CURRENCY, toMoney } from './money.js';
import type { LedgerEntryRecord, TransactionRecord } from './transaction-record.js';

export function toTransactionMessage(record: TransactionRecord): Transaction {
  const donation = record.donation;
  return {
    id: record._id,
    network: record.network,
    externalId: record.externalId,
    clickId: record.click?.clickId ?? '',
    shopId: record.shopId,
    productId: record.click?.productId ?? '',
    orderValue: toMoney(record.orderValue),
    commission: record.commission ? toMoney(record.commission) : undefined,
    status: record.status,
    ecotipDonation: donation ? { amountMinor: donation.amountMinor, currency: donation.currency } : undefined,
    orderedAt: new Date(record.orderedAt),
    recordedAt: new Date(record.recordedAt),
    updatedAt: new Date(record.updatedAt),
    country: record.click?.country ?? '',
    version: record.version,
  };
}

/** The transaction's donation as it stands; call only when it has one. */
export function toDonationMessage(record: TransactionRecord): Donation {
  const donation = record.donation!;
  return {
    id: donation.id,
    transactionId: record._id,
    organisation: donation.organisation,
    amount: { amountMinor: donation.amountMinor, currency: donation.currency },
    status: donation.state,
    createdAt: new Date(donation.createdAt),
    paidOutAt: undefined,
    clickId: record.click?.clickId ?? '',
    accountingAmount: { amountMinor: donation.accountingMinor, currency: ACCOUNTING_CURRENCY },
    month: donation.month,
    country: donation.country,
    updatedAt: new Date(donation.updatedAt),
  };
}

export function toEntryMessage(entry: LedgerEntryRecord): DonationEntry {
  return {
    id: entry._id,
    sequence: entry.sequence,
    donationId: entry.donationId,
    transactionId: entry.transactionId,
    clickId: entry.clickId,
    state: entry.state,
    amount: { amountMinor: entry.amountMinor, currency: entry.currency },
    accountingAmount: { amountMinor: entry.accountingMinor, currency: ACCOUNTING_CURRENCY },
    fxRate: entry.fxRate,
    month: entry.month,
    country: entry.country,
    organisation: entry.organisation,
    createdAt: new Date(entry.createdAt),
  };
}
