import type { LandedPrice } from '@pc/proto/offers/v1/types';
import { moneyJson } from './money.server';

/** A landed price estimate of prices abroad (ADR 049b): the total, its parts and the rules that applied. */
export function landedJson(landed: LandedPrice) {
  return {
    total: moneyJson(landed.total),
    goods: moneyJson(landed.goods),
    shipping: moneyJson(landed.shipping),
    duty: moneyJson(landed.duty),
    vat: moneyJson(landed.vat),
    clearanceFee: moneyJson(landed.clearanceFee),
    originVatRemoved: moneyJson(landed.originVatRemoved),
    shop: landed.shop?.name ?? null,
    rules: [...landed.rules],
    vatPercent: landed.vatPercent,
    dutyPercent: landed.dutyPercent,
    percent: landed.differencePercent,
  };
}

export type LandedJson = ReturnType<typeof landedJson>;
