import { AdvertiserKind, PricingModel } from '@pc/proto/affiliates/v1/types';
import type { Money } from '@pc/proto/common/v1/money';
import type { TrackingParameter } from '@pc/proto/affiliates/v1/types';
import type { MoneyRecord } from './click-record.js';
import { isCurrency } from './money.js';
import { PromotionChecks } from './promotion-input.js';
import type { UrlParameter } from './target-url.js';

const NETWORK = /^[a-z0-9][a-z0-9_-]{0,39}$/;
const PARAMETER_NAME = /^[A-Za-z0-9_.\-[\]]{1,64}$/;
const PLACEMENT = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * Field rules of the staff's advertiser data (advertisers, metas, accounts, advertisements), on
 * the promotions' rules (countries, language, URLs, ids): all collected, then one failure.
 */
export class AdvertiserChecks extends PromotionChecks {
  kind(value: AdvertiserKind): AdvertiserKind {
    if (value !== AdvertiserKind.ADVERTISER_KIND_SHOP && value !== AdvertiserKind.ADVERTISER_KIND_BRAND)
      this.add('kind', 'must be SHOP or BRAND', 'in');
    return value;
  }

  pricing(value: PricingModel): PricingModel {
    if (value !== PricingModel.PRICING_MODEL_CPC && value !== PricingModel.PRICING_MODEL_CPS)
      this.add('pricing', 'must be CPC or CPS', 'in');
    return value;
  }

  /** A non-negative amount in a known currency, or null when absent. */
  optionalMoney(field: string, value: Money | undefined): MoneyRecord | null {
    if (!value) return null;
    const amount = Number(value.amountMinor);
    const currency = value.currency.trim().toUpperCase();
    if (!Number.isSafeInteger(amount) || amount < 0)
      this.add(`${field}.amount_minor`, 'must be a whole number ≥ 0', 'min', { min: '0' });
    if (!isCurrency(currency))
      this.add(`${field}.currency`, 'must be an ISO 4217 currency code such as "CHF"', 'currency');
    return { amountMinor: amount, currency };
  }

  network(value: string): string {
    const network = value.trim().toLowerCase();
    if (!network) this.add('network', 'is required', 'required');
    else if (!NETWORK.test(network)) this.add('network', 'must be a network name such as "awin"', 'regex');
    return network;
  }

  parameters(field: string, values: readonly TrackingParameter[]): UrlParameter[] {
    this.maxItems(field, values.length, 20);
    const parameters = values.map((p, i) => {
      const name = p.name.trim();
      if (!PARAMETER_NAME.test(name)) this.add(`${field}[${i}].name`, 'must be 1–64 letters, digits or _.-[]', 'regex');
      const value = this.text(`${field}[${i}].value`, p.value, { max: 255 });
      return { name, value };
    });
    this.distinct(
      field,
      parameters.map((p) => p.name),
      'the parameter',
    );
    return parameters;
  }

  placement(value: string): string {
    const placement = value.trim();
    if (!placement) this.add('placement', 'is required', 'required');
    else if (!PLACEMENT.test(placement) || placement.length > 64)
      this.add('placement', 'must be a slot name such as "home-hero"', 'regex');
    return placement;
  }
}
