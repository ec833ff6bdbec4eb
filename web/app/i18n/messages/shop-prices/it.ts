import type { ShopPricesMessages } from './en';

/** Italiano: i prezzi sulla pagina di un negozio. */
const shopPrices: ShopPricesMessages = {
  at: 'da {{shop}}',
  lowest: 'Il più basso tra i negozi:',
  notOffered: 'Al momento non offerto qui',
  filterNote: 'Filtro e ordine per prezzo: prezzo più basso tra i negozi',
};

export default shopPrices;
