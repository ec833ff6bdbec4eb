import type { CompareMessages } from './en';

/** Deutsch: der Produktvergleich. */
const compare: CompareMessages = {
  title: 'Produkte vergleichen',
  titleOf: '{{names}} vergleichen',
  caption: '{{names}} im Vergleich',
  captionDifferences: '{{names}} im Vergleich: nur die Zeilen mit Unterschieden',
  toggle: 'Vergleichen',
  toggleLabel: '{{name}} vergleichen',
  tray: 'Produkte zum Vergleichen',
  trayLink: 'Vergleichen ({{n}})',
  trayHint: 'Wählen Sie noch ein Produkt zum Vergleichen.',
  full: 'Sie können bis zu {{max}} Produkte vergleichen: Entfernen Sie zuerst eines.',
  clear: 'Alle entfernen',
  remove: 'Entfernen',
  removeLabel: '{{name}} aus dem Vergleich entfernen',
  onlyDifferences: 'Nur Unterschiede zeigen',
  allRows: 'Alle Zeilen zeigen',
  noDifferences: 'Diese Produkte haben in jeder Zeile dieselben Werte.',
  missing: 'keine Angabe',
  rating: 'Bewertung',
  price: 'Tiefster Preis',
  noOffers: 'Keine Angebote in diesem Land ({{country}})',
  pricesUnavailable: 'Die Preise können im Moment nicht geladen werden.',
  howTo:
    'Wählen Sie {{min}} bis {{max}} Produkte, um sie nebeneinander zu vergleichen: Drücken Sie bei jedem auf «Vergleichen», dann auf «Vergleichen» in der Leiste unten auf der Seite.',
  tooMany: 'Ein Vergleich zeigt höchstens {{max}} Produkte nebeneinander.',
  firstFour: 'Die ersten {{max}} vergleichen',
  malformed: 'Dieser Vergleichslink ist ungültig: Er sollte Produkte mit ihren IDs nennen, durch Kommas getrennt.',
  unknown: {
    zero: 'Alle Produkte dieses Links gibt es.',
    one: '1 Produkt dieses Links gibt es nicht mehr; es wird weggelassen.',
    many: '{{n}} Produkte dieses Links gibt es nicht mehr; sie werden weggelassen.',
  },
  browse: 'Kategorien durchstöbern',
};

export default compare;
