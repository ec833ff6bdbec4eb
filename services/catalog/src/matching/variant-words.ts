// Words that tell variants of one product line apart. Two titles that share every other word
// but differ here are usually different products: "fireworks cs3" / "fireworks cs3 academic",
// "ipad" / "ipad mini", "ink tank black" / "ink tank magenta", "toner" / "compatible toner".

/** Editions and sizes of a line: one title carrying such a word the other lacks is evidence
 *  against (the other would usually say it too), unless both carry the maker's code, which names
 *  the edition ("pny 64gb sdxc card (p-sdx64u395-ge)" / "pny elite performance 64gb ... (p-sdx64u395-ge)"). */
const EDITION_WORDS = [
  'standard',
  'professional',
  'pro',
  'premium',
  'deluxe',
  'platinum',
  'ultimate',
  'home',
  'business',
  'enterprise',
  'basic',
  'lite',
  'plus',
  'express',
  'elite',
  'server',
  'workstation',
  'mini',
  'max',
  'ultra',
  'slim',
  'xl',
  'bundle',
  'kit',
  'extended',
  'family',
  'advanced',
  'essentials',
  'lt',
];

/** Licences, conditions and third-party makers: evidence against even beside a shared code,
 *  which a refill names as the cartridge it replaces ("hp ce278a toner" / "compatible toner ...
 *  replaces hp ce278a") and a licence keeps for its upgrade. */
const CONDITION_WORDS = [
  // "student", "edu", "education" read as "academic" (word-translations.ts).
  'academic',
  'teacher',
  'upgrade',
  'oem',
  'trial',
  'compatible',
  'replacement',
  'remanufactured',
  'refurbished',
  'generic',
  'aftermarket',
];

/** Colours and finishes: two titles naming colours, none in common, are two variants. */
const COLOUR_WORDS = [
  'black',
  'white',
  'silver',
  'red',
  'blue',
  'green',
  'pink',
  'purple',
  'yellow',
  'orange',
  'gray',
  'gold',
  'brown',
  'beige',
  'magenta',
  'cyan',
  'bisque',
  'plum',
  'graphite',
  'titanium',
  'bronze',
  'ivory',
  'navy',
  'teal',
  'champagne',
  'mahogany',
  'oak',
  'maple',
  'cherry',
  'walnut',
  'espresso',
  'chrome',
  'stainless',
  'platinum',
  'gunmetal',
  'charcoal',
  'tan',
  'clear',
  'obsidian',
  // Colourway names of sports shoes and watches.
  'sand',
  'volt',
  'crimson',
  'anthracite',
  'turquoise',
  'jade',
  'lime',
  'mango',
  'khaki',
  'olive',
  'burgundy',
  'coral',
  'mint',
];

/** The ground a football boot is made for (firm, soft, artificial, turf, indoor, hard, multi):
 *  one model line comes in several, each its own product. */
const SURFACE_WORDS = ['fg', 'sg', 'ag', 'tf', 'ic', 'hg', 'mg'];

/** Sizes written as letters ("frame l", "size m"): one model in two sizes is two products. "xl"
 *  stays an edition word ("ipad" / "ipad xl"). */
const SIZE_WORDS = ['s', 'm', 'l'];

/** Languages of a localised edition. */
const LANGUAGE_WORDS = [
  'english',
  'spanish',
  'french',
  'german',
  'italian',
  'japanese',
  'chinese',
  'korean',
  'portuguese',
  'russian',
  'dutch',
  'arabic',
  'hebrew',
  'polish',
  'swedish',
];

/** Who a shoe, a garment or a watch is made for: a men's and a women's model are two products. */
const TARGET_GROUP_WORDS = ['men', 'women', 'kids', 'boys', 'girls', 'unisex', 'baby'];

/** Kinds of accessory: a title naming one that the other lacks is an accessory of the other's
 *  device ("iphone 12 case" / "iphone 12"), or another accessory ("case" / "stylus"). */
const ACCESSORY_WORDS = [
  'case',
  'sleeve',
  'pouch',
  'bag',
  'skin',
  'charger',
  'cable',
  'adapter',
  'protector',
  'strap',
  'mount',
  'holder',
  'stylus',
  'dock',
  'cradle',
  'stand',
];

export type VariantGroup =
  'edition' | 'condition' | 'colour' | 'language' | 'target' | 'accessory' | 'surface' | 'size';

export const GROUP_OF_WORD: ReadonlyMap<string, VariantGroup> = new Map([
  ...LANGUAGE_WORDS.map((word) => [word, 'language'] as const),
  ...COLOUR_WORDS.map((word) => [word, 'colour'] as const),
  ...TARGET_GROUP_WORDS.map((word) => [word, 'target'] as const),
  ...SURFACE_WORDS.map((word) => [word, 'surface'] as const),
  ...SIZE_WORDS.map((word) => [word, 'size'] as const),
  ...ACCESSORY_WORDS.map((word) => [word, 'accessory'] as const),
  // Editions last: "platinum" is an edition more often than a colour in titles.
  ...EDITION_WORDS.map((word) => [word, 'edition'] as const),
  ...CONDITION_WORDS.map((word) => [word, 'condition'] as const),
]);

export function variantGroupOf(word: string): VariantGroup | undefined {
  return GROUP_OF_WORD.get(word);
}
