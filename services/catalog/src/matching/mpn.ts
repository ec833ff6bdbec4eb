// Manufacturer part numbers as shops write them differ only in case and separators
// ("MK9P2LL/A", "mk9p2ll-a", "MK9P2 LL/A"); the key keeps letters and digits only. Feeds also
// fill the field with placeholders, which would otherwise link every product that carries them.

const PLACEHOLDERS = new Set([
  'NA',
  'NONE',
  'NULL',
  'NIL',
  'UNKNOWN',
  'UNBEKANNT',
  'INCONNU',
  'NOTAPPLICABLE',
  'DOESNOTAPPLY',
  'NOTAVAILABLE',
  'TBD',
  'TBA',
  'VARIOUS',
  'GENERIC',
  'OTHER',
  'MPN',
  'NOMPN',
  'KEINE',
  'AUCUN',
]);

/** Shortest key that still identifies a part: shorter values ("A1", "X") collide across brands. */
const MIN_MPN_LENGTH = 3;

/** Upper-case, drops spaces, dashes, dots, slashes and similar separators; '' when unusable
 *  (too short, or a placeholder like "N/A", "none", "0000"). */
export function normalizeMpn(raw: string): string {
  const key = raw
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '');
  if (key.length < MIN_MPN_LENGTH || PLACEHOLDERS.has(key)) return '';
  // One character repeated ("0000", "XXXX", "----" already gone) is a filler, not a part number.
  if (/^(.)\1*$/.test(key)) return '';
  return key;
}
