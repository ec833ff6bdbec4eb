import {
  destinationOf,
  EU_COUNTRIES,
  EUROPEAN_UNION,
  SWITZERLAND,
  UNITED_KINGDOM,
  vatPercentOf,
  type Amount,
} from './import-rules.js';

/**
 * An estimate of what an offer from another country costs delivered to the visitor's country,
 * by the rules of import-rules.ts, in the visitor's currency:
 *
 *   goods     = price without the VAT of the offer's country (an export sells without it; within
 *               the EU the destination's VAT replaces it, OSS)
 *   shipping  = the shipping the shop states for its own country, likewise without VAT: a lower
 *               bound, delivery abroad often costs more
 *   duty      = by the destination's rules (none into Switzerland, a flat or assumed rate into
 *               the EU and the UK above their low-value limits)
 *   vat       = the destination's VAT on goods + shipping + duty (+ clearance fee), unless a
 *               de-minimis rule waives it (Switzerland: tax of CHF 5 or less)
 *   fee       = the carrier's clearance fee where levies are collected at the border
 *               (Switzerland: Swiss Post's)
 *
 * All arithmetic in integer minor units, percentages rounded half-up.
 */
export interface LandedInput {
  /** The offer's price and shipping already converted to the visitor's currency (shipping null: unknown). */
  readonly price: Amount;
  readonly shipping: Amount | null;
  /** The country the offer is for (its price includes that country's VAT). */
  readonly origin: string;
  /** The visitor's country. */
  readonly destination: string;
  readonly now: Date;
  /** Converts an amount (a threshold or fixed fee) into the visitor's currency; null without a rate. */
  readonly convert: (amount: Amount) => Amount | null;
}

export interface LandedEstimate {
  readonly total: number;
  readonly goods: number;
  readonly shipping: number | null;
  readonly duty: number;
  readonly vat: number;
  readonly clearanceFee: number;
  readonly originVatRemoved: number;
  readonly vatPercent: number;
  readonly dutyPercent: number;
  /** Rule codes the site explains (offers README, web messages). */
  readonly rules: readonly string[];
}

const percentOf = (amount: number, percent: number): number => Math.round((amount * percent) / 100);
const withoutVat = (amount: number, percent: number): number => Math.round((amount * 100) / (100 + percent));

/** The estimate, or null when the destination has no rules here or a threshold cannot be converted. */
export function landedPrice(input: LandedInput): LandedEstimate | null {
  const destination = destinationOf(input.destination);
  const destinationVat = vatPercentOf(input.destination);
  const originVat = vatPercentOf(input.origin) ?? 0;
  if (!destination || destinationVat === null || input.origin === input.destination) return null;
  const goods = withoutVat(input.price.amountMinor, originVat);
  const shipping = input.shipping ? withoutVat(input.shipping.amountMinor, originVat) : null;
  const originVatRemoved =
    input.price.amountMinor - goods + (input.shipping ? input.shipping.amountMinor - (shipping ?? 0) : 0);
  const value = goods + (shipping ?? 0);
  const rules = [
    originVat > 0 ? 'origin_vat_removed' : '',
    shipping === null ? 'shipping_unknown' : 'shipping_domestic',
  ].filter((rule) => rule !== '');
  const levies = leviesOf(destination, destinationVat, value, input, rules);
  if (!levies) return null;
  return {
    total: value + levies.duty + levies.vat + levies.fee,
    goods,
    shipping,
    duty: levies.duty,
    vat: levies.vat,
    clearanceFee: levies.fee,
    originVatRemoved,
    vatPercent: destinationVat,
    dutyPercent: levies.dutyPercent,
    rules,
  };
}

interface Levies {
  readonly duty: number;
  readonly dutyPercent: number;
  readonly vat: number;
  readonly fee: number;
}

function leviesOf(
  destination: 'CH' | 'EU' | 'GB',
  vatPercent: number,
  value: number,
  input: LandedInput,
  rules: string[],
): Levies | null {
  switch (destination) {
    case 'CH':
      return swissLevies(vatPercent, value, input, rules);
    case 'EU':
      return europeanLevies(vatPercent, value, input, rules);
    case 'GB':
      return britishLevies(vatPercent, value, input, rules);
  }
}

function swissLevies(vatPercent: number, value: number, input: LandedInput, rules: string[]): Levies | null {
  const notLeviedUpTo = input.convert(SWITZERLAND.vatNotLeviedUpTo);
  const { clearance } = SWITZERLAND;
  const basic = input.convert(
    clearance.neighbours.has(input.origin) ? clearance.basicNeighbours : clearance.basicOthers,
  );
  const maximum = input.convert(clearance.maximum);
  if (!notLeviedUpTo || !basic || !maximum) return null;
  rules.push('ch_no_industrial_duty');
  if (percentOf(value, vatPercent) <= notLeviedUpTo.amountMinor) {
    rules.push('ch_vat_de_minimis');
    return { duty: 0, dutyPercent: 0, vat: 0, fee: 0 };
  }
  const fee = Math.min(basic.amountMinor + percentOf(value, clearance.valuePercent), maximum.amountMinor);
  rules.push('ch_import_vat', 'ch_post_clearance_fee');
  return { duty: 0, dutyPercent: 0, vat: percentOf(value + fee, vatPercent), fee };
}

function europeanLevies(vatPercent: number, value: number, input: LandedInput, rules: string[]): Levies | null {
  if (EU_COUNTRIES.has(input.origin)) {
    rules.push('eu_oss_destination_vat');
    return { duty: 0, dutyPercent: 0, vat: percentOf(value, vatPercent), fee: 0 };
  }
  const limit = input.convert(EUROPEAN_UNION.lowValueLimit);
  const flat = input.convert(EUROPEAN_UNION.flatDuty.amount);
  if (!limit || !flat) return null;
  let duty = 0;
  let dutyPercent = 0;
  const at = input.now.toISOString();
  if (value >= limit.amountMinor) {
    dutyPercent = EUROPEAN_UNION.assumedDutyPercent;
    duty = percentOf(value, dutyPercent);
    rules.push('eu_duty_estimate');
  } else if (at >= EUROPEAN_UNION.flatDuty.from && at < EUROPEAN_UNION.flatDuty.until) {
    duty = flat.amountMinor;
    rules.push('eu_flat_duty');
  } else {
    rules.push('eu_duty_relief');
  }
  rules.push('eu_import_vat');
  return { duty, dutyPercent, vat: percentOf(value + duty, vatPercent), fee: 0 };
}

function britishLevies(vatPercent: number, value: number, input: LandedInput, rules: string[]): Levies | null {
  const limit = input.convert(UNITED_KINGDOM.lowValueLimit);
  if (!limit) return null;
  if (value <= limit.amountMinor) {
    rules.push('gb_vat_at_sale');
    return { duty: 0, dutyPercent: 0, vat: percentOf(value, vatPercent), fee: 0 };
  }
  const dutyPercent = UNITED_KINGDOM.assumedDutyPercent;
  const duty = percentOf(value, dutyPercent);
  rules.push('gb_duty_estimate', 'gb_import_vat');
  return { duty, dutyPercent, vat: percentOf(value + duty, vatPercent), fee: 0 };
}
