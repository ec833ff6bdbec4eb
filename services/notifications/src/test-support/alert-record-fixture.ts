import { AlertKind, AlertState } from '@pc/proto/notifications/v1/types';
import type { AlertRecord } from '../domain/alert-record.js';

/** An armed CHF 10.00 target-price alert in CH, written at `updatedAt`, with the given fields. */
export function alertRecord(
  fields: Partial<AlertRecord> & Pick<AlertRecord, '_id' | 'productId'>,
  updatedAt = '2026-11-24T10:00:00.000Z',
): AlertRecord {
  return {
    userId: `u-${fields._id}`,
    country: 'CH',
    kind: AlertKind.ALERT_KIND_TARGET_PRICE,
    targetPrice: { amountMinor: 1_000, currency: 'CHF' },
    dropPercent: 0,
    referencePrice: null,
    state: AlertState.ALERT_STATE_ARMED,
    rearmAutomatically: false,
    channels: [],
    lastPrice: null,
    createdAt: updatedAt,
    armedAt: updatedAt,
    lastFiredAt: null,
    updatedAt,
    ...fields,
  };
}
