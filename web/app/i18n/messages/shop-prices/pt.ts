import type { ShopPricesMessages } from './en';

/** Português: os preços na página de uma loja. */
const shopPrices: ShopPricesMessages = {
  at: 'em {{shop}}',
  lowest: 'O mais baixo entre lojas:',
  notOffered: 'De momento não é oferecido aqui',
  filterNote: 'Filtro e ordenação por preço: preço mais baixo entre lojas',
};

export default shopPrices;
