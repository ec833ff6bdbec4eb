import type { ProductPriceChanged } from '@pc/proto/offers/events/v1/events';
import { AlertKind, AlertState } from '@pc/proto/notifications/v1/types';
import { conditionHolds } from '../domain/alert-conditions.js';
import type { AlertIndex } from '../domain/alert-index.js';
import type { AlertRecord, Amount, PricePicture } from '../domain/alert-record.js';
import type { AlertRepository } from '../store/alert-repository.js';
import type { AlertFiring } from './alert-firing.js';
import { notificationMetrics } from './notification-metrics.js';

const amount = (money: { amountMinor: number; currency: string } | undefined): Amount | null =>
  money ? { amountMinor: money.amountMinor, currency: money.currency } : null;

/**
 * Evaluates ProductPriceChanged against the alerts: the index names the few alerts the new
 * price concerns (most events concern none), each is re-read and changed in the store. Fires
 * on crossing: an ARMED alert never holds its condition, so it fires once, then stays FIRED
 * until re-armed by the user or, with rearm_automatically, once the condition stops holding.
 */
export class AlertEvaluation {
  constructor(
    private readonly parts: { alerts: AlertRepository; index: AlertIndex; firing: AlertFiring; clock: () => Date },
  ) {}

  async onPriceChanged(event: ProductPriceChanged): Promise<void> {
    const summary = event.summary;
    const picture: PricePicture = {
      lowest: amount(summary?.lowestPrice),
      inStockOffers: summary?.inStockOffersCount ?? 0,
    };
    const evaluation = this.parts.index.evaluate(event.productId, event.country, picture);
    const relevant = evaluation.fire.length + evaluation.rearm.length + evaluation.reference.length > 0;
    notificationMetrics.evaluated(relevant);
    if (!relevant) return;
    const at = this.parts.clock();
    const occasion = { key: `v${event.version}`, picture, previousPrice: amount(event.previousLowestPrice), at };
    for (const alertId of evaluation.fire) await this.parts.firing.fireIfHolds(alertId, occasion);
    for (const alertId of evaluation.rearm)
      await this.change(alertId, (alert) =>
        alert.state === AlertState.ALERT_STATE_FIRED && !conditionHolds(alert, picture)
          ? rearmed(alert, picture, at)
          : null,
      );
    for (const alertId of evaluation.reference) {
      await this.change(alertId, (alert) =>
        alert.kind === AlertKind.ALERT_KIND_PERCENTAGE_DROP && !alert.referencePrice && picture.lowest
          ? { ...alert, referencePrice: picture.lowest, lastPrice: picture.lowest, updatedAt: at.toISOString() }
          : null,
      );
    }
  }

  private async change(alertId: string, next: (alert: AlertRecord) => AlertRecord | null): Promise<void> {
    const stored = await this.parts.alerts.collection.update(alertId, (current) => (current ? next(current) : null));
    const now = stored ?? (await this.parts.alerts.get(alertId));
    if (now) this.parts.index.upsert(now);
    else this.parts.index.remove(alertId);
  }
}

/** An alert armed again; a drop alert measures from the price at re-arming. */
export function rearmed(alert: AlertRecord, picture: PricePicture, at: Date): AlertRecord {
  const reference =
    alert.kind === AlertKind.ALERT_KIND_PERCENTAGE_DROP
      ? (picture.lowest ?? alert.referencePrice)
      : alert.referencePrice;
  return {
    ...alert,
    state: AlertState.ALERT_STATE_ARMED,
    referencePrice: reference,
    lastPrice: picture.lowest ?? alert.lastPrice,
    armedAt: at.toISOString(),
    updatedAt: at.toISOString(),
  };
}
