import { Availability, Condition } from '@pc/proto/common/v1/commerce';

/** Spellings shops use, folded (lower case, separators as spaces), in the feed languages we serve. */
const AVAILABILITY: Readonly<Record<string, Availability>> = {
  'in stock': Availability.AVAILABILITY_IN_STOCK,
  instock: Availability.AVAILABILITY_IN_STOCK,
  available: Availability.AVAILABILITY_IN_STOCK,
  'auf lager': Availability.AVAILABILITY_IN_STOCK,
  lieferbar: Availability.AVAILABILITY_IN_STOCK,
  'sofort lieferbar': Availability.AVAILABILITY_IN_STOCK,
  'en stock': Availability.AVAILABILITY_IN_STOCK,
  disponible: Availability.AVAILABILITY_IN_STOCK,
  disponibile: Availability.AVAILABILITY_IN_STOCK,
  'em estoque': Availability.AVAILABILITY_IN_STOCK,
  'out of stock': Availability.AVAILABILITY_OUT_OF_STOCK,
  outofstock: Availability.AVAILABILITY_OUT_OF_STOCK,
  'nicht lieferbar': Availability.AVAILABILITY_OUT_OF_STOCK,
  'nicht auf lager': Availability.AVAILABILITY_OUT_OF_STOCK,
  'rupture de stock': Availability.AVAILABILITY_OUT_OF_STOCK,
  'non disponibile': Availability.AVAILABILITY_OUT_OF_STOCK,
  agotado: Availability.AVAILABILITY_SOLD_OUT,
  esgotado: Availability.AVAILABILITY_SOLD_OUT,
  esaurito: Availability.AVAILABILITY_SOLD_OUT,
  ausverkauft: Availability.AVAILABILITY_SOLD_OUT,
  'sold out': Availability.AVAILABILITY_SOLD_OUT,
  soldout: Availability.AVAILABILITY_SOLD_OUT,
  preorder: Availability.AVAILABILITY_PRE_ORDER,
  'pre order': Availability.AVAILABILITY_PRE_ORDER,
  vorbestellbar: Availability.AVAILABILITY_PRE_ORDER,
  precommande: Availability.AVAILABILITY_PRE_ORDER,
  précommande: Availability.AVAILABILITY_PRE_ORDER,
  presale: Availability.AVAILABILITY_PRE_SALE,
  'pre sale': Availability.AVAILABILITY_PRE_SALE,
  backorder: Availability.AVAILABILITY_LIMITED,
  'back order': Availability.AVAILABILITY_LIMITED,
  limited: Availability.AVAILABILITY_LIMITED,
  'limited availability': Availability.AVAILABILITY_LIMITED,
  limitedavailability: Availability.AVAILABILITY_LIMITED,
  'geringer bestand': Availability.AVAILABILITY_LIMITED,
  discontinued: Availability.AVAILABILITY_DISCONTINUED,
};

const CONDITIONS: Readonly<Record<string, Condition>> = {
  new: Condition.CONDITION_NEW,
  neu: Condition.CONDITION_NEW,
  neuf: Condition.CONDITION_NEW,
  nuovo: Condition.CONDITION_NEW,
  nuevo: Condition.CONDITION_NEW,
  novo: Condition.CONDITION_NEW,
  newcondition: Condition.CONDITION_NEW,
  used: Condition.CONDITION_USED,
  gebraucht: Condition.CONDITION_USED,
  usedcondition: Condition.CONDITION_USED,
  refurbished: Condition.CONDITION_REFURBISHED,
  refurbishedcondition: Condition.CONDITION_REFURBISHED,
  generalueberholt: Condition.CONDITION_REFURBISHED,
  generalüberholt: Condition.CONDITION_REFURBISHED,
  damaged: Condition.CONDITION_DAMAGED,
  damagedcondition: Condition.CONDITION_DAMAGED,
};

/** "in_stock", "In Stock", "https://schema.org/InStock" → "in stock" / "instock". */
const fold = (text: string): string =>
  text
    .trim()
    .replace(/^https?:\/\/schema\.org\//i, '')
    .toLowerCase()
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ');

/** The availability a feed value means, or null when it is not one we know. */
export function availabilityOf(text: string): Availability | null {
  return remembered(availabilities, text, () =>
    Object.hasOwn(AVAILABILITY, fold(text)) ? (AVAILABILITY[fold(text)] as Availability) : null,
  );
}

/** The condition a feed value means, or null when it is not one we know. */
export function conditionOf(text: string): Condition | null {
  return remembered(conditions, text, () => {
    const folded = fold(text);
    const key = Object.hasOwn(CONDITIONS, folded) ? folded : folded.replace(/ /g, '');
    return Object.hasOwn(CONDITIONS, key) ? (CONDITIONS[key] as Condition) : null;
  });
}

// Feeds repeat a handful of spellings millions of times: each is folded once.
const availabilities = new Map<string, Availability | null>();
const conditions = new Map<string, Condition | null>();

function remembered<T>(cache: Map<string, T>, text: string, compute: () => T): T {
  const known = cache.get(text);
  if (known !== undefined || cache.has(text)) return known as T;
  const value = compute();
  if (cache.size < 1_000) cache.set(text, value);
  return value;
}
