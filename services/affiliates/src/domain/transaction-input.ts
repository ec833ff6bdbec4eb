import { TransactionStatus } from '@pc/proto/affiliates/v1/types';
import type { Money } from '@pc/proto/common/v1/money';
import { FieldChecks } from '@pc/kit/errors/field-checks';
import type { MoneyRecord } from './click-record.js';
import { isCurrency } from './money.js';
import type { TransactionReport } from './transaction-transition.js';

const NETWORK = /^[a-z0-9][a-z0-9_-]{0,39}$/;
const STATUSES = [
  TransactionStatus.TRANSACTION_STATUS_PENDING,
  TransactionStatus.TRANSACTION_STATUS_APPROVED,
  TransactionStatus.TRANSACTION_STATUS_DECLINED,
];
/** Clocks of networks drift: a purchase may look up to this far in the future. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

/** A report as it arrives (RecordTransaction, or one item of a postback), before any check. */
export interface RawReport {
  readonly network: string;
  readonly externalId: string;
  readonly clickId: string;
  readonly shopId: string;
  readonly orderValue?: Money | undefined;
  readonly commission?: Money | undefined;
  readonly status: TransactionStatus;
  readonly orderedAt?: Date | undefined;
}

/**
 * The field rules of a network's report; every bad field is collected and the call fails once
 * before anything is read or written. `prefix` names the item of a postback ("transactions[2].").
 */
export class TransactionChecks extends FieldChecks {
  report(raw: RawReport, now: Date, prefix = ''): TransactionReport & { clickId: string } {
    const network = raw.network.trim().toLowerCase();
    if (!network) this.add(`${prefix}network`, 'is required', 'required');
    else if (!NETWORK.test(network)) this.add(`${prefix}network`, 'must be a network name such as "awin"', 'regex');
    const externalId = this.text(`${prefix}external_id`, raw.externalId, { required: true, max: 128 });
    const clickId = this.text(`${prefix}click_id`, raw.clickId, { max: 64 });
    const shopId = this.text(`${prefix}shop_id`, raw.shopId, { max: 200 });
    if (!clickId && !shopId) this.add(`${prefix}shop_id`, 'is required when click_id is empty', 'required_without');
    const orderValue = this.money(`${prefix}order_value`, raw.orderValue, { required: true, positive: true });
    const commission = raw.commission
      ? this.money(`${prefix}commission`, raw.commission, { required: false, positive: false })
      : null;
    if (orderValue && commission && commission.currency !== orderValue.currency)
      this.add(`${prefix}commission.currency`, "must be the order value's currency", 'same');
    if (!STATUSES.includes(raw.status)) this.add(`${prefix}status`, 'must be pending, confirmed or cancelled', 'in');
    const orderedAt = raw.orderedAt ?? now;
    if (Number.isNaN(orderedAt.getTime())) this.add(`${prefix}ordered_at`, 'must be a valid time', 'date');
    else if (orderedAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS)
      this.add(`${prefix}ordered_at`, 'must not be in the future', 'before_or_equal');
    return {
      network,
      externalId,
      clickId,
      shopId,
      orderValue: orderValue ?? { amountMinor: 0, currency: '' },
      commission,
      status: raw.status,
      orderedAt,
    };
  }

  private money(
    field: string,
    value: Money | undefined,
    options: { required: boolean; positive: boolean },
  ): MoneyRecord | null {
    if (!value) {
      if (options.required) this.add(field, 'is required', 'required');
      return null;
    }
    const amount = Number(value.amountMinor);
    const currency = value.currency.trim().toUpperCase();
    if (!Number.isSafeInteger(amount))
      this.add(`${field}.amount_minor`, 'must be a whole number of minor units', 'integer');
    else if (amount < 0) this.add(`${field}.amount_minor`, 'must not be negative', 'min', { min: '0' });
    else if (options.positive && amount === 0)
      this.add(`${field}.amount_minor`, 'must be greater than 0', 'gt', { value: '0' });
    if (!isCurrency(currency))
      this.add(`${field}.currency`, 'must be an ISO 4217 currency code such as "CHF"', 'currency');
    return { amountMinor: amount, currency };
  }
}
