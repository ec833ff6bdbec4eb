import { Availability, Condition, PriceTrend } from '@pc/proto/common/v1/commerce';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import { SuggestionKind } from '@pc/proto/search/v1/types';

/** Enum values of the protos as the spec's snake_case words (spec §3, §4). */

const AVAILABILITY: Readonly<Record<Availability, string>> = {
  [Availability.AVAILABILITY_UNSPECIFIED]: 'unknown',
  [Availability.AVAILABILITY_UNKNOWN]: 'unknown',
  [Availability.AVAILABILITY_PRE_SALE]: 'pre_sale',
  [Availability.AVAILABILITY_PRE_ORDER]: 'pre_order',
  [Availability.AVAILABILITY_IN_STOCK]: 'in_stock',
  [Availability.AVAILABILITY_OUT_OF_STOCK]: 'out_of_stock',
  [Availability.AVAILABILITY_LIMITED]: 'limited',
  [Availability.AVAILABILITY_SOLD_OUT]: 'sold_out',
  [Availability.AVAILABILITY_DISCONTINUED]: 'discontinued',
};

const CONDITION: Readonly<Record<Condition, string>> = {
  [Condition.CONDITION_UNSPECIFIED]: 'unknown',
  [Condition.CONDITION_NEW]: 'new',
  [Condition.CONDITION_USED]: 'used',
  [Condition.CONDITION_REFURBISHED]: 'refurbished',
  [Condition.CONDITION_DAMAGED]: 'damaged',
  [Condition.CONDITION_UNKNOWN]: 'unknown',
};

const TREND: Readonly<Record<PriceTrend, string | null>> = {
  [PriceTrend.PRICE_TREND_UNSPECIFIED]: null,
  [PriceTrend.PRICE_TREND_DOWN]: 'down',
  [PriceTrend.PRICE_TREND_STABLE]: 'stable',
  [PriceTrend.PRICE_TREND_UP]: 'up',
};

const SHOP_STATUS: Readonly<Record<ShopStatus, string>> = {
  [ShopStatus.SHOP_STATUS_UNSPECIFIED]: 'unknown',
  [ShopStatus.SHOP_STATUS_AWAITING_PAYMENT_METHOD]: 'awaiting_payment_method',
  [ShopStatus.SHOP_STATUS_PENDING_ACTIVATION]: 'pending_activation',
  [ShopStatus.SHOP_STATUS_ACTIVE]: 'active',
  [ShopStatus.SHOP_STATUS_SUSPENDED]: 'suspended',
  [ShopStatus.SHOP_STATUS_DELETED]: 'deleted',
};

const SUGGESTION_KIND: Readonly<Record<SuggestionKind, string>> = {
  [SuggestionKind.SUGGESTION_KIND_UNSPECIFIED]: 'query',
  [SuggestionKind.SUGGESTION_KIND_QUERY]: 'query',
  [SuggestionKind.SUGGESTION_KIND_PRODUCT]: 'product',
  [SuggestionKind.SUGGESTION_KIND_BRAND]: 'brand',
  [SuggestionKind.SUGGESTION_KIND_CATEGORY]: 'category',
  [SuggestionKind.SUGGESTION_KIND_SHOP]: 'shop',
  [SuggestionKind.SUGGESTION_KIND_SEARCHED]: 'searched',
};

// A value newer than this build (added to a proto later) reads as unknown rather than failing.
export const availabilityKey = (value: Availability): string => AVAILABILITY[value] ?? 'unknown';
export const conditionKey = (value: Condition): string => CONDITION[value] ?? 'unknown';
export const trendKey = (value: PriceTrend): string | null => TREND[value] ?? null;
export const shopStatusKey = (value: ShopStatus): string => SHOP_STATUS[value] ?? 'unknown';
export const suggestionKindKey = (value: SuggestionKind): string => SUGGESTION_KIND[value] ?? 'query';

export const AVAILABILITY_KEYS = [...new Set(Object.values(AVAILABILITY))];
export const CONDITION_KEYS = [...new Set(Object.values(CONDITION))];
