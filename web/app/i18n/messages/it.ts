import account from './account/it';
import type { PartialMessages } from './en';

/**
 * Italian, translated in part on purpose (spec §1: "Italian only partly translated"): the
 * chrome and the most seen words; English fills in the rest.
 */
const it: PartialMessages = {
  common: {
    ok: 'Ok', close: 'Chiudi', cancel: 'Annulla', more: 'Altro', less: 'Meno', seeAll: 'Vedi tutto', showAll: 'Mostra tutto', loading: 'Caricamento…',
    unavailable: 'Non disponibile al momento.', failed: 'Non ha funzionato. Controlla e riprova.', notFound: 'Non trovato.',
  },
  nav: {
    home: 'Home', search: 'Cerca', favourites: 'Preferiti', alerts: 'Avvisi', account: 'Account', login: 'Accedi', shops: 'Negozi', brands: 'Marche',
    products: 'Prodotti', categories: 'Categorie', promotions: 'Promozioni', skipToContent: 'Vai al contenuto',
  },
  masthead: { searchPlaceholder: 'Cerca prodotti, marche, codici…', searchLabel: 'Cerca nel sito' },
  region: {
    title: 'Regione e lingua', country: 'Paese', language: 'Lingua',
    countries: { ch: 'Svizzera', de: 'Germania', at: 'Austria', fr: 'Francia', it: 'Italia', es: 'Spagna', pt: 'Portogallo', gb: 'Gran Bretagna', us: 'Stati Uniti', eu: 'Europa' },
  },
  tabs: { home: 'Home', search: 'Cerca', favourites: 'Preferiti', alerts: 'Avvisi', account: 'Account' },
  counts: {
    offers: { zero: 'Nessuna offerta', one: '1 offerta', many: '{{n}} offerte' },
    products: { zero: 'Nessun prodotto', one: '1 prodotto', many: '{{n}} prodotti' },
    reviews: { zero: 'Nessuna recensione', one: '1 recensione', many: '{{n}} recensioni' },
  },
  home: { mostSearched: 'I più cercati', popular: 'Prodotti popolari', recentlyViewed: 'Visti di recente', categories: 'Categorie', brands: 'Marche', shops: 'Negozi' },
  product: {
    from: 'da', favourite: 'Aggiungi ai preferiti', favouriteSaved: 'Nei tuoi preferiti', alarm: 'Avviso di prezzo', visitShop: 'Vai al negozio', share: 'Condividi', description: 'Descrizione', offers: 'Offerte', inStockOnly: 'Solo disponibili',
    history: 'Andamento dei prezzi', similar: 'Prodotti simili',
    availability: { in_stock: 'Disponibile', out_of_stock: 'Non disponibile', sold_out: 'Esaurito' },
  },
  search: { title: 'Cerca', submit: 'Cerca', sort: 'Ordina per', more: 'Altri risultati' },
  ...account,
  status: {
    home: 'Torna alla home', 404: { title: 'Pagina non trovata', text: 'Non abbiamo trovato questa pagina.' },
    419: { title: 'Pagina scaduta', text: 'La sessione è scaduta. Aggiorna la pagina e riprova.' },
  },
};

export default it;
