// Units of measure whose value must agree between two titles of one product ("16 GB" is not
// "32 GB"). Spellings map to one canonical unit so "2 TB", "2tb" and "2 terabyte" compare equal.

export const UNIT_SPELLINGS: ReadonlyArray<readonly [string, readonly string[]]> = [
  // French shops write octets: "16 Go", "500 Mo" ("To" is left out: "1 to 2" is no terabyte).
  ['tb', ['tb', 'tbyte', 'terabyte', 'terabytes']],
  ['gb', ['gb', 'gbyte', 'gig', 'gigs', 'gigabyte', 'gigabytes', 'go']],
  ['mb', ['mb', 'mbyte', 'megabyte', 'megabytes', 'mo']],
  ['kb', ['kb', 'kbyte', 'kilobyte', 'kilobytes']],
  ['ghz', ['ghz']],
  ['mhz', ['mhz']],
  ['hz', ['hz']],
  ['mp', ['mp', 'mpix', 'megapixel', 'megapixels', 'mpx']],
  ['in', ['in', 'inch', 'inches', 'zoll', 'pouces']],
  ['mm', ['mm']],
  ['cm', ['cm']],
  ['ft', ['ft', 'feet', 'foot']],
  ['cuft', ['cuft']],
  ['w', ['w', 'watt', 'watts']],
  ['va', ['va']],
  ['v', ['v', 'volt', 'volts']],
  ['mah', ['mah']],
  ['wh', ['wh']],
  ['rpm', ['rpm']],
  ['x', ['x']],
  ['p', ['p']],
  ['ms', ['ms']],
  ['mbps', ['mbps', 'mbit', 'mbits']],
  ['gbps', ['gbps', 'gbit', 'gbits']],
  ['oz', ['oz', 'ounce', 'ounces']],
  ['lb', ['lb', 'lbs', 'pound', 'pounds']],
  ['kg', ['kg']],
  ['g', ['gram', 'grams']],
  ['ml', ['ml']],
  ['l', ['l', 'liter', 'litre', 'liters', 'litres']],
  ['user', ['user', 'users', 'seat', 'seats']],
  ['pack', ['pack', 'pk', 'pcs', 'pieces', 'count', 'ct']],
  ['core', ['core', 'cores']],
  ['port', ['port', 'ports']],
  ['bit', ['bit']],
  ['ch', ['ch', 'channel']],
];

const CANONICAL_UNIT: ReadonlyMap<string, string> = new Map(
  UNIT_SPELLINGS.flatMap(([canonical, spellings]) => spellings.map((spelling) => [spelling, canonical] as const)),
);

/** Canonical unit of a spelling ("gigabytes" → "gb"), or undefined when it is not a unit. */
export function canonicalUnit(word: string): string | undefined {
  return CANONICAL_UNIT.get(word);
}

/** Units of one quantity written at another scale: "1 TB" and "500 GB" must disagree, "1 TB" and
 *  "1000 GB" agree. The group the value is compared in, and the factor to its unit. */
const SCALED_UNITS: ReadonlyMap<string, { readonly group: string; readonly factor: number }> = new Map([
  ['tb', { group: 'gb', factor: 1000 }],
  ['mb', { group: 'gb', factor: 0.001 }],
  ['kb', { group: 'gb', factor: 0.000001 }],
  ['ghz', { group: 'mhz', factor: 1000 }],
]);

/** The group a measure of `unit` is compared in, and its value there. */
export function comparableMeasure(unit: string, value: number): { readonly group: string; readonly value: number } {
  const scaled = SCALED_UNITS.get(unit);
  return scaled ? { group: scaled.group, value: value * scaled.factor } : { group: unit, value };
}
