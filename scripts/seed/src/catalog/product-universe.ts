import type { DayNumber } from '../calendar/days.js';
import { Rng } from '../random/prng.js';
import { gtin13 } from './gtin.js';
import { COLOURS, type Localized } from './localized.js';
import { PRODUCT_TEMPLATES, type FeatureSpec, type ProductTemplate } from './product-templates.js';
import type { SeedProduct } from './seed-product.js';

/** GTIN item references are six digits (company prefix 3 + 3 digits): one per product index. */
export const MAX_PRODUCTS = 1_000_000;
/** Products come in families of up to this many variants (same model, other colour or capacity). */
const FAMILY_BLOCK = 3;

export interface UniverseParams {
  readonly seed: string;
  /** "Now": launches are placed relative to it. */
  readonly untilDay: DayNumber;
  readonly historyDays: number;
}

/**
 * The product universe as a pure function of (seed, index): product i is generated without
 * generating any other, so a million products can stream through in constant memory, and any
 * product can be looked up again later (reviews) without keeping it.
 */
export class ProductUniverse {
  private readonly cumulativeWeights: number[];
  private readonly totalWeight: number;

  constructor(private readonly params: UniverseParams) {
    let sum = 0;
    this.cumulativeWeights = PRODUCT_TEMPLATES.map((template) => (sum += template.weight));
    this.totalWeight = sum;
  }

  *products(count: number, from = 0): Generator<SeedProduct> {
    for (let index = from; index < count; index += 1) yield this.productAt(index);
  }

  productAt(index: number): SeedProduct {
    if (!Number.isSafeInteger(index) || index < 0 || index >= MAX_PRODUCTS)
      throw new RangeError(`product index ${index} outside 0..${MAX_PRODUCTS - 1}`);
    const { seed } = this.params;
    // A family block holds 1..3 variants of one model at its start; the rest are standalone.
    const block = Math.floor(index / FAMILY_BLOCK);
    const position = index % FAMILY_BLOCK;
    const familySize = Rng.derive(seed, 'family-size', block).int(1, FAMILY_BLOCK);
    const familyTemplate = this.templateFor(Rng.derive(seed, 'family-template', block).next());
    // A family needs a variant per member; products without variants are always standalone.
    const inFamily = familySize > 1 && position < Math.min(familySize, variantCount(familyTemplate));
    const template = inFamily ? familyTemplate : this.templateFor(Rng.derive(seed, 'solo-template', index).next());
    const family = inFamily ? Rng.derive(seed, 'family', block) : Rng.derive(seed, 'solo', index);
    const own = Rng.derive(seed, 'product', index);

    const brand = family.pick(template.brands);
    const [from, to, step] = template.numbers;
    const number = from + step * family.int(0, Math.floor((to - from) / step));
    const suffix = family.pick(template.suffixes);
    const familyCode = (inFamily ? block * FAMILY_BLOCK : index).toString(36).toUpperCase().padStart(4, '0');
    // A type mark after the number ("700K2B") keeps models of one series apart, as makers do.
    const model = [
      family.pick(template.series),
      `${number}${typeMark(inFamily ? block * FAMILY_BLOCK : index)}`,
      suffix,
    ]
      .filter(Boolean)
      .join(' ');
    const { variant, variantCode, priceStep } = pickVariant(template, family, inFamily ? position : own.int(0, 8));
    const launchPriceEur = roundEuro(logUniform(family, template.priceEur) * (1 + 0.25 * priceStep));
    const launchDay = this.launchDay(family);
    const popularity = own.next() ** 2;
    return {
      index,
      template,
      brand,
      model,
      variant,
      variantCode,
      gtin: gtin13(brand.gs1Prefix + brand.companyCode + String(index).padStart(6, '0')),
      mpn: `${brand.mpnPrefix}-${template.mpnCode}${familyCode}${variantCode ? `-${variantCode}` : ''}`,
      features: template.features.map((spec) => ({
        group: spec.group,
        name: spec.name,
        value: featureValue(spec, family),
      })),
      // The site captions a placeholder with the words before the first one holding a digit.
      imageIds: Array.from(
        { length: own.int(1, 4) },
        (_, n) =>
          `${template.key}-${inFamily ? block * FAMILY_BLOCK : index}${variantCode ? `-${variantCode.toLowerCase()}` : ''}-${n + 1}`,
      ),
      launchDay,
      launchPriceEur,
      declinePerYear: family.float(template.declinePerYear[0], template.declinePerYear[1]),
      popularity,
      offerCount: 2 + Math.round(popularity * 8),
    };
  }

  private templateFor(roll: number): ProductTemplate {
    const target = roll * this.totalWeight;
    const at = this.cumulativeWeights.findIndex((cumulative) => target < cumulative);
    return PRODUCT_TEMPLATES[at < 0 ? PRODUCT_TEMPLATES.length - 1 : at] as ProductTemplate;
  }

  /** One in six launches inside the history window (pre-orders, then a launch price); the rest are older. */
  private launchDay(rng: Rng): DayNumber {
    const { untilDay, historyDays } = this.params;
    if (historyDays > 60 && rng.chance(1 / 6)) return untilDay - rng.int(20, historyDays - 30);
    return untilDay - historyDays - rng.int(15, 3 * 365);
  }
}

/** Letter + two base-36 characters; a bijection on 33,696 consecutive numbers, so neighbours differ. */
function typeMark(familyNumber: number): string {
  const code = (familyNumber * 7919 + 4211) % 33_696; // 33,696 = 26 × 36², 7919 is coprime to it
  return String.fromCharCode(65 + Math.floor(code / 1296)) + (code % 1296).toString(36).toUpperCase().padStart(2, '0');
}

function variantCount(template: ProductTemplate): number {
  const variants = template.variants;
  if (variants.kind === 'colour') return variants.codes.length;
  if (variants.kind === 'capacity') return variants.values.length;
  return 1;
}

function pickVariant(
  template: ProductTemplate,
  family: Rng,
  position: number,
): { variant: Localized | null; variantCode: string; priceStep: number } {
  const variants = template.variants;
  // Draw the family's variant list once (same draws for every member), then take this member's.
  if (variants.kind === 'colour') {
    const codes = family.sample(variants.codes, variants.codes.length);
    const code = codes[position % codes.length] as string;
    const colour = COLOURS.find((candidate) => candidate.code === code);
    return { variant: colour ? colour.names : null, variantCode: code, priceStep: 0 };
  }
  if (variants.kind === 'capacity') {
    const start = family.int(0, Math.max(0, variants.values.length - 1));
    const step = (start + position) % variants.values.length;
    const value = variants.values[step] as string;
    const label = { en: value, de: value, fr: value, it: value, es: value, pt: value };
    return {
      variant: label,
      variantCode: value
        .replace(/[^0-9A-Za-z]/g, '')
        .toUpperCase()
        .slice(0, 6),
      priceStep: step,
    };
  }
  return { variant: null, variantCode: '', priceStep: 0 };
}

function featureValue(spec: FeatureSpec, rng: Rng): string {
  if ('values' in spec) return rng.pick(spec.values);
  const [min, max, step] = spec.range;
  const value = min + step * rng.int(0, Math.round((max - min) / step));
  const text = Number.isInteger(step) ? String(Math.round(value)) : value.toFixed(1);
  return spec.unit ? `${text} ${spec.unit}` : text;
}

const logUniform = (rng: Rng, [min, max]: readonly [number, number]): number =>
  Math.exp(rng.float(Math.log(min), Math.log(max)));

/** Launch prices end like real list prices: 49, 199, 1299. */
function roundEuro(value: number): number {
  if (value < 20) return Math.round(value) - 0.01;
  if (value < 200) return Math.round(value / 5) * 5 - 1;
  return Math.round(value / 50) * 50 - 1;
}
