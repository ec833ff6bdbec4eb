import type { ShopPricesMessages } from './en';

/** Español: los precios en la página de una tienda. */
const shopPrices: ShopPricesMessages = {
  at: 'en {{shop}}',
  lowest: 'El más bajo entre tiendas:',
  notOffered: 'Ahora no se ofrece aquí',
  filterNote: 'Filtro y orden por precio: precio más bajo entre tiendas',
};

export default shopPrices;
