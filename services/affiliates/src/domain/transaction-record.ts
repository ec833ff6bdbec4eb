import type { ClickOrigin, DonationStatus, TransactionStatus } from '@pc/proto/affiliates/v1/types';
import type { OutboxFields } from '@pc/kit/events/outbox';
import type { MoneyRecord } from './click-record.js';

/** One entry of the EcoTip ledger (append-only; see DonationEntry in the proto). */
export interface LedgerEntryRecord {
  readonly _id: string;
  /** The entry's number within its donation, from 1. */
  readonly sequence: number;
  readonly donationId: string;
  readonly transactionId: string;
  readonly clickId: string;
  readonly state: DonationStatus;
  readonly amountMinor: number;
  readonly currency: string;
  readonly accountingMinor: number;
  readonly fxRate: string;
  readonly month: string;
  readonly country: string;
  readonly organisation: string;
  readonly createdAt: string;
}

/** The EcoTip donation a transaction earned, as it stands (its ledger entries add up to it). */
export interface DonationRecord {
  readonly id: string;
  readonly organisation: string;
  readonly state: DonationStatus;
  readonly amountMinor: number;
  readonly currency: string;
  /** In CHF at `fxRate`, fixed when the donation was first recorded (reversals match it exactly). */
  readonly accountingMinor: number;
  readonly fxRate: string;
  readonly month: string;
  readonly country: string;
  /** Entries written so far (the next one is entries + 1). */
  readonly entries: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** What a transaction keeps of the click it is attributed to (attribution is kept as it was). */
export interface AttributedClick {
  readonly clickId: string;
  readonly shopId: string;
  readonly offerId: string;
  readonly productId: string;
  readonly country: string;
  readonly origin: ClickOrigin;
  readonly isGreen: boolean;
}

/**
 * An affiliate transaction: a sale a network reported, keyed by (network, its id). Ledger
 * entries it implies wait in `ledgerOutbox` (written with it, atomically) until they are copied
 * into the ledger, like events in an outbox.
 */
export interface TransactionRecord extends OutboxFields {
  readonly _id: string;
  readonly network: string;
  readonly externalId: string;
  readonly shopId: string;
  readonly click: AttributedClick | null;
  readonly orderValue: MoneyRecord;
  readonly commission: MoneyRecord | null;
  readonly status: TransactionStatus;
  readonly orderedAt: string;
  readonly recordedAt: string;
  readonly updatedAt: string;
  readonly version: number;
  readonly donation: DonationRecord | null;
  readonly ledgerOutbox: readonly LedgerEntryRecord[];
  readonly ledgerPending: boolean;
}
