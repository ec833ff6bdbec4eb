import type { CompareMessages } from './en';

/** Italiano: il confronto dei prodotti. */
const compare: CompareMessages = {
  title: 'Confronta prodotti',
  titleOf: 'Confronta {{names}}',
  caption: '{{names}} a confronto',
  captionDifferences: '{{names}} a confronto: solo le righe che differiscono',
  toggle: 'Confronta',
  toggleLabel: 'Confronta {{name}}',
  tray: 'Prodotti da confrontare',
  trayLink: 'Confronta ({{n}})',
  trayHint: 'Scegli ancora un prodotto da confrontare.',
  full: 'Puoi confrontare fino a {{max}} prodotti: prima rimuovine uno.',
  clear: 'Rimuovi tutti',
  remove: 'Rimuovi',
  removeLabel: 'Rimuovi {{name}} dal confronto',
  onlyDifferences: 'Mostra solo le differenze',
  allRows: 'Mostra tutte le righe',
  noDifferences: 'Questi prodotti hanno gli stessi valori in ogni riga.',
  missing: 'non indicato',
  rating: 'Valutazione',
  price: 'Prezzo più basso',
  noOffers: 'Nessuna offerta in questo paese ({{country}})',
  pricesUnavailable: 'Al momento non è possibile caricare i prezzi.',
  howTo:
    'Scegli da {{min}} a {{max}} prodotti per confrontarli fianco a fianco: premi «Confronta» su ciascuno, poi «Confronta» nella barra in fondo alla pagina.',
  tooMany: 'Un confronto mostra al massimo {{max}} prodotti fianco a fianco.',
  firstFour: 'Confronta i primi {{max}}',
  malformed: 'Questo link di confronto non è valido: dovrebbe indicare i prodotti con i loro ID, separati da virgole.',
  unknown: {
    zero: 'Tutti i prodotti di questo link esistono.',
    one: '1 prodotto di questo link non esiste più ed è stato escluso.',
    many: '{{n}} prodotti di questo link non esistono più e sono stati esclusi.',
  },
  browse: 'Sfoglia le categorie',
};

export default compare;
