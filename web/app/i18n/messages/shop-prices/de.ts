import type { ShopPricesMessages } from './en';

/** Deutsch: die Preise auf der Seite eines Shops. */
const shopPrices: ShopPricesMessages = {
  at: 'bei {{shop}}',
  lowest: 'Günstigster Preis aller Shops:',
  notOffered: 'Hier zurzeit nicht im Angebot',
  filterNote: 'Preisfilter und Sortierung: günstigster Preis aller Shops',
};

export default shopPrices;
