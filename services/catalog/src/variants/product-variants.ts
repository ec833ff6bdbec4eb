// A product's variants as a product page lists them (ADR 138): the products of its model key,
// each with the attributes it differs in, the product's features naming them where they can.
import { FALLBACK_LANGUAGE, resolveLanguage } from '../domain/localized.js';
import type { ProductFeatureRecord, ProductRecord } from '../domain/product.js';
import { VARIANT_ATTRIBUTES, variantValuesOf, type VariantAttributeName, type VariantValue } from './variant-values.js';

/** Feature names that state a variant attribute, lower case, in the site's languages. */
const FEATURE_NAMES: Readonly<Record<VariantAttributeName, readonly string[]>> = {
  colour: ['colour', 'color', 'farbe', 'couleur', 'colore', 'cor'],
  storage: [
    'storage',
    'storage capacity',
    'internal storage',
    'speicher',
    'speicherkapazität',
    'stockage',
    'memoria',
    'almacenamiento',
    'armazenamento',
  ],
  capacity: ['volume', 'capacity', 'kapazität', 'fassungsvermögen', 'capacité', 'capacità', 'capacidad', 'capacidade'],
  pack: ['pack size', 'packungsgröße', 'quantity', 'menge'],
  size: ['size', 'größe', 'taille', 'taglia', 'talla', 'tamanho'],
};

const ATTRIBUTE_OF_FEATURE: ReadonlyMap<string, VariantAttributeName> = new Map(
  VARIANT_ATTRIBUTES.flatMap((attribute) => FEATURE_NAMES[attribute].map((name) => [name, attribute] as const)),
);

export interface VariantAttributeValue {
  readonly attribute: VariantAttributeName;
  readonly value: string;
}

export interface ListedVariant<T extends ProductRecord> {
  readonly product: T;
  readonly attributes: readonly VariantAttributeValue[];
  readonly current: boolean;
}

/** One attribute's value of a product: compared by `key`, shown as `display`, ordered by `order`. */
interface AttributeReading {
  readonly key: string;
  readonly display: string;
  readonly order: number | string;
}

type Readings = ReadonlyMap<VariantAttributeName, AttributeReading>;

function featureReadings(features: readonly ProductFeatureRecord[]): Map<VariantAttributeName, AttributeReading> {
  const readings = new Map<VariantAttributeName, AttributeReading>();
  for (const feature of features) {
    const attribute = ATTRIBUTE_OF_FEATURE.get(feature.name.trim().toLowerCase());
    const value = feature.value.trim();
    if (attribute && value !== '' && !readings.has(attribute)) {
      const measured = variantValuesOf(value).find((reading) => reading.attribute === attribute);
      readings.set(attribute, {
        key: measured?.text ?? value.toLowerCase(),
        display: value,
        order: measured?.order ?? value.toLowerCase(),
      });
    }
  }
  return readings;
}

/** The values of one attribute a name gives, as one reading ("8 GB / 256 GB"). */
function nameReading(values: readonly VariantValue[]): AttributeReading {
  return {
    key: values.map((value) => value.text).join(' '),
    display: values.map((value) => value.display).join(' / '),
    order: values.length === 1 ? values[0]!.order : values.map((value) => value.text).join(' '),
  };
}

/** What a product says of each variant attribute: its features where they name it, else its name
 *  in the page's language (values shown as that name writes them), else its English name (a colour
 *  word of the page's language the vocabulary does not know), compared as the matching code reads
 *  them. */
function readingsOf(product: ProductRecord, language: string): Readings {
  const readings = featureReadings(product.features);
  const names = [resolveLanguage(product.texts, language)?.name ?? '', product.texts[FALLBACK_LANGUAGE]?.name ?? ''];
  const values = names.map((name) => variantValuesOf(name));
  for (const attribute of VARIANT_ATTRIBUTES) {
    for (const nameValues of values) {
      const ofAttribute = nameValues.filter((value) => value.attribute === attribute);
      if (!readings.has(attribute) && ofAttribute.length > 0) readings.set(attribute, nameReading(ofAttribute));
    }
  }
  return readings;
}

/** The attributes `other` differs in from `own`, with its values; only those it states. */
function differences(own: Readings, other: Readings): VariantAttributeValue[] {
  return VARIANT_ATTRIBUTES.flatMap((attribute) => {
    const theirs = other.get(attribute);
    return theirs && theirs.key !== own.get(attribute)?.key ? [{ attribute, value: theirs.display }] : [];
  });
}

const compareOrder = (a: number | string | undefined, b: number | string | undefined): number => {
  if (a === b) return 0;
  if (a === undefined) return -1;
  if (b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
};

/**
 * The product and up to `limit` of its variants, ordered by their values (storage, capacity,
 * colour, pack, size). A candidate that differs in no attribute it states is no variant of it (a
 * duplicate, or a name without the value) and is left out; so is the product's list when no
 * candidate remains.
 */
export function listVariants<T extends ProductRecord>(
  product: T,
  candidates: readonly T[],
  language: string,
  limit: number,
): ListedVariant<T>[] {
  const own = readingsOf(product, language);
  const others = candidates
    .filter((candidate) => candidate._id !== product._id && candidate.status === 'active')
    .map((candidate) => {
      const readings = readingsOf(candidate, language);
      return { product: candidate, readings, attributes: differences(own, readings) };
    })
    .filter((variant) => variant.attributes.length > 0)
    .slice(0, limit);
  if (others.length === 0) return [];
  const differing = new Set(others.flatMap((variant) => variant.attributes.map((value) => value.attribute)));
  const current = {
    product,
    readings: own,
    attributes: VARIANT_ATTRIBUTES.flatMap((attribute) => {
      const reading = own.get(attribute);
      return reading && differing.has(attribute) ? [{ attribute, value: reading.display }] : [];
    }),
  };
  const byValues = (a: { readings: Readings; product: T }, b: { readings: Readings; product: T }): number => {
    for (const attribute of VARIANT_ATTRIBUTES) {
      const order = compareOrder(a.readings.get(attribute)?.order, b.readings.get(attribute)?.order);
      if (order !== 0) return order;
    }
    return a.product._id.localeCompare(b.product._id);
  };
  return [{ ...current, current: true }, ...others.map((variant) => ({ ...variant, current: false }))]
    .sort(byValues)
    .map(({ product: listed, attributes, current: isCurrent }) => ({
      product: listed,
      attributes,
      current: isCurrent,
    }));
}
