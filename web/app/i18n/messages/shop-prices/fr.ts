import type { ShopPricesMessages } from './en';

/** Français : les prix sur la page d’une boutique. */
const shopPrices: ShopPricesMessages = {
  at: 'chez {{shop}}',
  lowest: 'Le moins cher, toutes boutiques :',
  notOffered: 'Pas proposé ici pour le moment',
  filterNote: 'Filtre et tri par prix : prix le plus bas, toutes boutiques',
};

export default shopPrices;
