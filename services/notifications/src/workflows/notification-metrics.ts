import { metrics, trace } from '@opentelemetry/api';

const meter = metrics.getMeter('@pc/notifications');

const evaluated = meter.createCounter('notifications.price_events', {
  description: 'ProductPriceChanged events evaluated, by whether they concerned any alert',
});
const fired = meter.createCounter('notifications.alerts.fired', { description: 'Price alerts fired, by kind' });
const pushes = meter.createCounter('notifications.push', {
  description: 'Web Push requests, by outcome (delivered, gone, failed)',
});
const mails = meter.createCounter('notifications.mail', { description: 'Alert e-mails, by outcome (sent, failed)' });

// Zero from the start, so the dashboards' alert rate has a series before the first firing.
for (const kind of ['ALERT_KIND_TARGET_PRICE', 'ALERT_KIND_PERCENTAGE_DROP']) fired.add(0, { kind });

/** Counters on /metrics: how many events, firings and deliveries, and how they went. */
export const notificationMetrics = {
  evaluated: (relevant: boolean): void => evaluated.add(1, { relevant: String(relevant) }),
  /** Also marks the trace: the price change whose event fired the alert shows it in its span. */
  fired: (kind: string): void => {
    fired.add(1, { kind });
    trace.getActiveSpan()?.addEvent('price alert fired', { 'alert.kind': kind });
  },
  push: (outcome: 'delivered' | 'gone' | 'failed'): void => pushes.add(1, { outcome }),
  mail: (outcome: 'sent' | 'failed'): void => mails.add(1, { outcome }),
  /** Reports the size of this replica's alert index on every scrape. */
  observeIndex: (index: { readonly size: number }): void => {
    meter
      .createObservableGauge('notifications.alert_index.size', {
        description: 'Alerts in this replica’s in-memory index',
      })
      .addCallback((result) => result.observe(index.size));
  },
};
