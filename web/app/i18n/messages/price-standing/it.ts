import type en from './en';

/** Italiano: la posizione di prezzo di un negozio (ADR 144). */
const priceStanding: typeof en = {
  link: 'I tuoi prezzi rispetto agli altri negozi',
  title: 'Posizione di prezzo: {{name}}',
  back: 'Torna alle impostazioni del negozio',
  intro:
    'Le tue offerte elencate abbinate a un prodotto, confrontate come nella pagina del prodotto: il prezzo con la spedizione verso il paese, solo offerte viste di recente.',
  country: 'Paese',
  show: 'Mostra',
  cheapest: 'La più economica',
  within: 'Entro il 5 % dalla più economica',
  above: 'Oltre il 5 % sopra la più economica',
  notCompared:
    '{{count}} delle tue offerte non indicano le spese di spedizione, mentre la più economica sì: sono elencate dopo di essa e non confrontate qui.',
  held: '{{count}} dei tuoi prodotti hanno solo prezzi molto più bassi di quelli degli altri negozi (spesso un errore nel feed): la pagina del prodotto li mostra per ultimi come «Prezzo in verifica» e non contano come prezzo più basso finché non li correggi o il nostro staff non li conferma.',
  computedAt:
    'Dati aggiornati al {{date}}, {{time}} UTC; le pagine successive mostrano gli stessi dati, ricarica per aggiornarli.',
  empty: 'Nessuna offerta elencata di questo negozio è ancora abbinata a un prodotto in questo paese.',
  allCheapest: 'Le tue offerte sono le più economiche di ogni prodotto che vendi qui.',
  products: 'Prodotti per cui un altro negozio è più economico',
  productsNote: 'Prima la differenza maggiore. {{count}} prodotti in tutto; il CSV li elenca tutti.',
  product: 'Prodotto',
  yourPrice: 'Il tuo prezzo',
  lowestPrice: 'Prezzo più basso',
  cheapestShop: 'Negozio più economico',
  gap: 'Differenza',
  shops: 'Negozi',
  itemPrice: 'prezzo dell’articolo, spedizione non indicata',
  next: 'Pagina successiva',
  first: 'Prima pagina',
  download: 'Scarica l’elenco completo (CSV)',
  errors: {
    country: 'Scegli uno dei paesi in cui vende il tuo negozio.',
  },
};

export default priceStanding;
