import { Availability, Condition } from '@pc/proto/common/v1/commerce';

/** schema.org ItemAvailability terms and OpenGraph's product:availability values. */
const TERMS: Readonly<Record<string, Availability>> = {
  instock: Availability.AVAILABILITY_IN_STOCK,
  instoreonly: Availability.AVAILABILITY_IN_STOCK,
  onlineonly: Availability.AVAILABILITY_IN_STOCK,
  madetoorder: Availability.AVAILABILITY_IN_STOCK,
  availablefororder: Availability.AVAILABILITY_IN_STOCK,
  limitedavailability: Availability.AVAILABILITY_LIMITED,
  outofstock: Availability.AVAILABILITY_OUT_OF_STOCK,
  reserved: Availability.AVAILABILITY_OUT_OF_STOCK,
  soldout: Availability.AVAILABILITY_SOLD_OUT,
  discontinued: Availability.AVAILABILITY_DISCONTINUED,
  preorder: Availability.AVAILABILITY_PRE_ORDER,
  // Orderable now, shipped when restocked: what a pre-order is to a buyer.
  backorder: Availability.AVAILABILITY_PRE_ORDER,
  presale: Availability.AVAILABILITY_PRE_SALE,
};

/** Words shops print beside a price (selector rules read visible text), in the site's languages. */
const WORDS: readonly (readonly [RegExp, Availability])[] = [
  [
    /nicht (mehr )?(lieferbar|verfügbar)|out of stock|rupture de stock|non disponible|esaurito|non disponibile|nicht an lager/i,
    Availability.AVAILABILITY_OUT_OF_STOCK,
  ],
  [/ausverkauft|sold out|épuisé|epuise/i, Availability.AVAILABILITY_SOLD_OUT],
  [/vorbestell|pre-?order|précommande|preordin/i, Availability.AVAILABILITY_PRE_ORDER],
  [/wenige|only \d+ left|few left|limited|quelques|pochi/i, Availability.AVAILABILITY_LIMITED],
  [
    /an lager|auf lager|lieferbar|verfügbar|in stock|en stock|disponible|disponibile|available/i,
    Availability.AVAILABILITY_IN_STOCK,
  ],
];

/**
 * Our availability for what a page says: a schema.org URL or term ("https://schema.org/InStock",
 * "InStock"), an OpenGraph value ("in stock"), or visible text ("Auf Lager"). Unknown otherwise.
 */
export function availabilityOf(value: string | null | undefined): Availability {
  if (!value) return Availability.AVAILABILITY_UNKNOWN;
  const term = value
    .trim()
    .replace(/^https?:\/\/schema\.org\//i, '')
    .replace(/[\s_-]/g, '')
    .toLowerCase();
  const known = TERMS[term];
  if (known !== undefined) return known;
  return WORDS.find(([words]) => words.test(value))?.[1] ?? Availability.AVAILABILITY_UNKNOWN;
}

const CONDITIONS: Readonly<Record<string, Condition>> = {
  newcondition: Condition.CONDITION_NEW,
  new: Condition.CONDITION_NEW,
  usedcondition: Condition.CONDITION_USED,
  used: Condition.CONDITION_USED,
  refurbishedcondition: Condition.CONDITION_REFURBISHED,
  refurbished: Condition.CONDITION_REFURBISHED,
  damagedcondition: Condition.CONDITION_DAMAGED,
  damaged: Condition.CONDITION_DAMAGED,
};

/** Our condition for schema.org's OfferItemCondition or OpenGraph's product:condition. */
export function conditionOf(value: string | null | undefined): Condition {
  if (!value) return Condition.CONDITION_UNKNOWN;
  const term = value
    .trim()
    .replace(/^https?:\/\/schema\.org\//i, '')
    .replace(/[\s_-]/g, '')
    .toLowerCase();
  return CONDITIONS[term] ?? Condition.CONDITION_UNKNOWN;
}

/** The CLI's and the RPCs' name of an availability: "in_stock", "out_of_stock", … */
export const availabilityName = (availability: Availability): string =>
  (Availability[availability] ?? 'AVAILABILITY_UNKNOWN').replace(/^AVAILABILITY_/, '').toLowerCase();
