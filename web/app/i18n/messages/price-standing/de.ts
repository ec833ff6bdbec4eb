import type en from './en';

/** Deutsch: die Preisposition eines Shops (ADR 144). */
const priceStanding: typeof en = {
  link: 'Ihre Preise im Vergleich zu anderen Shops',
  title: 'Preisposition: {{name}}',
  back: 'Zurück zu den Shop-Einstellungen',
  intro:
    'Ihre gelisteten, einem Produkt zugeordneten Angebote, verglichen wie auf der Produktseite: Preis mit Versand in das Land, nur kürzlich gesehene Angebote.',
  country: 'Land',
  show: 'Anzeigen',
  cheapest: 'Am günstigsten',
  within: 'Höchstens 5 % über dem günstigsten',
  above: 'Mehr als 5 % über dem günstigsten',
  notCompared:
    '{{count}} Ihrer Angebote nennen keine Versandkosten, das günstigste schon: Sie stehen danach und werden hier nicht verglichen.',
  held: '{{count}} Ihrer Produkte haben nur Preise weit unter denen der anderen Shops (oft ein Fehler im Feed): Die Produktseite zeigt sie zuletzt als «Preis wird geprüft», und sie zählen nicht als tiefster Preis, bis Sie sie korrigieren oder unser Team sie bestätigt.',
  computedAt:
    'Stand: {{date}}, {{time}} UTC; die nächsten Seiten zeigen dieselben Zahlen, für neue Zahlen die Seite neu laden.',
  empty: 'Noch kein gelistetes Angebot dieses Shops ist in diesem Land einem Produkt zugeordnet.',
  allCheapest: 'Ihre Angebote sind bei jedem Produkt, das Sie hier verkaufen, die günstigsten.',
  products: 'Produkte, bei denen ein anderer Shop günstiger ist',
  productsNote: 'Grösste Differenz zuerst. Insgesamt {{count}} Produkte; die CSV-Datei enthält alle.',
  product: 'Produkt',
  yourPrice: 'Ihr Preis',
  lowestPrice: 'Tiefster Preis',
  cheapestShop: 'Günstigster Shop',
  gap: 'Differenz',
  shops: 'Shops',
  itemPrice: 'Artikelpreis, Versand nicht angegeben',
  next: 'Nächste Seite',
  first: 'Erste Seite',
  download: 'Ganze Liste herunterladen (CSV)',
  errors: {
    country: 'Wählen Sie eines der Länder, in die Ihr Shop verkauft.',
  },
};

export default priceStanding;
