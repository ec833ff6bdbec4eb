import { DonationStatus, TransactionStatus } from '@pc/proto/affiliates/v1/types';

/** Transaction states as networks' postbacks name them (pending → confirmed → cancelled). */
const TRANSACTION_STATUS: Readonly<Record<number, string>> = {
  [TransactionStatus.TRANSACTION_STATUS_PENDING]: 'pending',
  [TransactionStatus.TRANSACTION_STATUS_APPROVED]: 'confirmed',
  [TransactionStatus.TRANSACTION_STATUS_DECLINED]: 'cancelled',
};

/** EcoTip donation states (the ledger's `state`). */
const DONATION_STATUS: Readonly<Record<number, string>> = {
  [DonationStatus.DONATION_STATUS_PENDING]: 'pending',
  [DonationStatus.DONATION_STATUS_CONFIRMED]: 'confirmed',
  [DonationStatus.DONATION_STATUS_CANCELLED]: 'cancelled',
  [DonationStatus.DONATION_STATUS_PAID_OUT]: 'paid_out',
};

export const transactionStatusKey = (value: TransactionStatus | undefined): string =>
  TRANSACTION_STATUS[value ?? 0] ?? 'unknown';
export const donationStatusKey = (value: DonationStatus | undefined): string =>
  DONATION_STATUS[value ?? 0] ?? 'unknown';
