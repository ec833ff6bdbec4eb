import { AlertKind } from '@pc/proto/notifications/v1/types';
import type { AlertRecord, Amount, PricePicture } from './alert-record.js';

/**
 * The price at or below which a PERCENTAGE_DROP alert fires: reference × (100 − percent) / 100,
 * rounded down to a whole minor unit (a drop of "at least" the percentage). Integer arithmetic.
 */
export function dropTrigger(reference: Amount, percent: number): number {
  return Math.floor((reference.amountMinor * (100 - percent)) / 100);
}

/** The price an alert fires at or below (price alerts), or null when it has none yet. */
export function triggerPrice(
  alert: Pick<AlertRecord, 'kind' | 'targetPrice' | 'referencePrice' | 'dropPercent'>,
): Amount | null {
  if (alert.kind === AlertKind.ALERT_KIND_TARGET_PRICE) return alert.targetPrice;
  if (alert.kind === AlertKind.ALERT_KIND_PERCENTAGE_DROP && alert.referencePrice) {
    return {
      amountMinor: dropTrigger(alert.referencePrice, alert.dropPercent),
      currency: alert.referencePrice.currency,
    };
  }
  return null;
}

/** Whether an alert's condition holds for a price picture (prices compare only in one currency). */
export function conditionHolds(
  alert: Pick<AlertRecord, 'kind' | 'targetPrice' | 'referencePrice' | 'dropPercent'>,
  picture: PricePicture,
): boolean {
  if (alert.kind === AlertKind.ALERT_KIND_BACK_IN_STOCK) return picture.inStockOffers > 0;
  const trigger = triggerPrice(alert);
  const lowest = picture.lowest;
  return (
    trigger !== null &&
    lowest !== null &&
    lowest.currency === trigger.currency &&
    lowest.amountMinor <= trigger.amountMinor
  );
}
