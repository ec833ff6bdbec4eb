import type { ShopReviewMessages } from './en';

/** Italiano: le recensioni dei negozi scritte dai visitatori. */
const shopReviews: ShopReviewMessages = {
  title: 'Recensioni del negozio',
  none: 'Ancora nessuna recensione.',
  valueOf: '{{value}} su 5',
  starsOf: 'Voto: {{n}} su 5',
  distribution: 'Recensioni per numero di stelle',
  verifiedCount: {
    zero: 'Ancora nessuna recensione verificata',
    one: '1 recensione verificata',
    many: '{{n}} recensioni verificate',
  },
  verified: 'Verificata: ha seguito un’offerta verso questo negozio',
  formerUser: 'ex utente',
  byAuthor: 'Recensione di {{author}}',
  replyFrom: 'Risposta di {{shop}}',
  write: 'Scrivi una recensione',
  pages: 'Pagine di recensioni',
  order: 'Ordine delle recensioni',
  sorts: { newest: 'Più recenti', highest: 'Più stelle', lowest: 'Meno stelle' },
  published: 'Grazie: la tua recensione è pubblicata.',
  writeFor: 'La tua recensione di {{name}}',
  yourRating: 'Il tuo voto',
  reviewTitle: 'Titolo (facoltativo, al massimo 120 caratteri)',
  body: 'La tua recensione (da 20 a 5000 caratteri)',
  publish: 'Pubblica la recensione',
  yours: 'La tua recensione',
  hidden: 'I nostri moderatori hanno nascosto questa recensione: non compare sulla pagina del negozio.',
  delete: 'Elimina la mia recensione',
  deleted: 'La tua recensione è stata eliminata.',
  already: 'Hai già recensito questo negozio.',
  ownShop: 'Non puoi recensire il tuo negozio.',
  limit: 'Troppe recensioni oggi, riprova più tardi.',
  validation: {
    rating: 'Scegli da 1 a 5 stelle.',
    titleMax: 'Al massimo 120 caratteri.',
    bodyMin: 'Almeno 20 caratteri.',
    bodyMax: 'Al massimo 5000 caratteri.',
    replyMax: 'Al massimo 2000 caratteri.',
  },
  owner: {
    title: 'Recensioni',
    intro:
      'Le recensioni del tuo negozio scritte dai visitatori, le più recenti prima. La tua risposta compare sotto la recensione sulla pagina del negozio.',
    notListed: 'I visitatori potranno recensire il tuo negozio quando sarà nell’elenco.',
    replyLabel: 'La tua risposta pubblica (al massimo 2000 caratteri; vuota la rimuove)',
    publishReply: 'Pubblica la risposta',
    saveReply: 'Salva la risposta',
    replyTo: 'Rispondi alla recensione di {{author}}',
    replied: 'La tua risposta è pubblicata.',
    removed: 'La tua risposta è stata rimossa.',
    notOwner: 'Solo il titolare del negozio può rispondere alle sue recensioni.',
  },
};

export default shopReviews;
