import type { BusinessMessages } from './en';

/** Italiano: l’area aziendale. */
const business: BusinessMessages = {
  nav: 'Aziende',
  title: 'Dashboard aziendale',
  required: 'Apri prima un account aziendale: poi potrai registrare negozi.',
  welcome: 'Il tuo account aziendale è aperto. Registra il tuo primo negozio.',
  open: 'Apri la dashboard aziendale',
  shops: {
    title: 'I tuoi negozi', empty: 'Nessun negozio registrato finora.', register: 'Registra un negozio', name: 'Negozio', stage: 'Stato',
    clicksToday: 'Clic oggi', clicksMonth: 'Clic questo mese', clicksUnavailable: 'non disponibile al momento', settings: 'Impostazioni',
    settingsOf: 'Impostazioni di {{name}}', confirmed: 'Confermato', notConfirmed: 'Non confermato', offers: 'Offerte',
    stages: {
      awaitingPayment: 'In attesa del metodo di pagamento', subscriptionStarted: 'Abbonamento avviato', feedsAnalysed: 'Feed di prodotti analizzati',
      active: 'Attivato', suspendedPayment: 'Sospeso: pagamento mancante', suspendedStaff: 'Sospeso dal nostro team',
    },
    hints: {
      awaitingPayment: 'Aggiungi una carta e avvia l’abbonamento.', subscriptionStarted: 'Stiamo analizzando i tuoi feed di prodotti.',
      feedsAnalysed: 'Ti contatteremo quando il negozio sarà pronto.', active: 'Le tue offerte sono visibili.',
      suspendedPayment: 'Le tue offerte non sono visibili. Aggiorna la carta o riavvia l’abbonamento.', suspendedStaff: 'Le tue offerte non sono visibili. Contattaci, per favore.',
    },
    subscribe: 'Avvia l’abbonamento', subscribeFor: 'Avvia l’abbonamento per {{name}}', plan: 'Piano',
  },
  plans: { month: '{{price}} per negozio al mese', year: '{{price}} per negozio all’anno', vat: 'Prezzi IVA dell’8,1% esclusa.' },
  subscription: {
    title: 'Abbonamento', none: 'Nessun abbonamento finora. Inizia con il tuo primo negozio.', plan: 'Piano: {{plan}}', shops: 'Negozi: {{n}}',
    renews: 'Si rinnova il {{date}}', endsOn: 'Termina il {{date}}', cancel: 'Disdici alla fine del periodo',
    canceled: 'Il tuo abbonamento termina alla fine del periodo in corso.', alreadyCanceled: 'L’abbonamento è già disdetto.',
    statuses: { incomplete: 'In attesa del primo pagamento', active: 'Attivo', pastDue: 'Pagamento scaduto: riproviamo', unpaid: 'Non pagato', canceled: 'Disdetto', expired: 'Scaduto' },
  },
  card: {
    title: 'Carta di pagamento', none: 'Nessuna carta registrata.', onFile: '{{brand}} che termina con {{last4}}, scade il {{expires}}', add: 'Aggiungi una carta', replace: 'Sostituisci la carta',
    continueHint: 'Inserisci la carta sulla pagina sicura del fornitore di pagamento: il numero non raggiunge mai i nostri server.', continue: 'Continua al modulo della carta',
    elements: 'Inserisci la carta qui sotto. Va direttamente al nostro fornitore di pagamento.', save: 'Salva la carta', needsScript: 'Per inserire una carta qui serve JavaScript.',
  },
  payment: {
    subscriptionStarted: 'Abbonamento avviato con successo. Ti contatteremo quando il negozio sarà pronto.', cardUpdated: 'Carta aggiornata con successo.',
    needs3ds: 'La tua carta richiede 3D Secure: conferma il pagamento presso la tua banca.', authenticate: 'Continua a 3D Secure',
    paymentDeclined: 'Pagamento rifiutato. Prova con un’altra carta.', cardError: 'Indica un metodo di pagamento valido.', processing: 'Il pagamento è in elaborazione.',
    alreadySubscribed: 'Questo negozio è già abbonato.', incomplete: 'Completa prima il primo pagamento dell’abbonamento: aggiungi una carta che funzioni.',
    planMismatch: 'Tutti i tuoi negozi hanno un unico piano: scegli il piano del tuo abbonamento.', notAwaiting: 'Questo negozio non è in attesa di un abbonamento.',
  },
  invoices: {
    title: 'Fatture', empty: 'Nessuna fattura finora.', number: 'Fattura', date: 'Data', amount: 'Importo', status: 'Stato',
    paid: 'Pagata', unpaid: 'Non pagata', void: 'Annullata', download: 'Scarica', downloadLabel: 'Scarica la fattura {{number}}',
  },
  register: {
    title: 'Registra un negozio', intro: 'Parlaci del tuo negozio. Dopo la registrazione aggiungi una carta e avvia l’abbonamento; poi analizziamo i tuoi feed di prodotti.',
    submit: 'Registra il negozio', done: 'Il tuo negozio {{name}} è registrato. Ora: aggiungi una carta e avvia l’abbonamento.',
    alreadyRegistered: 'Questo negozio è già registrato.', shopSection: 'Negozio', addressSection: 'Indirizzo', contactSection: 'Contatto',
    feedHint: 'CSV (preferito) o XML con numero d’articolo, nome con marca, GTIN/EAN o codice produttore, prezzo in CHF IVA inclusa e link alla pagina del prodotto. Puoi aggiungere feed anche più tardi.',
    terms: 'Ho letto e accetto le condizioni generali e le condizioni di inserzione.', optional: 'facoltativo',
  },
  fields: {
    name: 'Nome del negozio', homepage: 'URL', company: 'Azienda', commercial_register_number: 'Numero del registro di commercio', line1: 'Indirizzo',
    line2: 'Complemento d’indirizzo', zip_code: 'Codice postale', city: 'Località', country: 'Paese', phone: 'Telefono', email: 'E-mail', feed_url: 'Feed di prodotti',
  },
  validation: {
    postalCode: 'Inserisci un codice postale valido del paese scelto.', phone: 'Inserisci un numero di telefono valido, per esempio +41 44 123 45 67.',
    url: 'Inserisci un URL valido che inizi con http:// o https://.', parameterName: 'Usa solo lettere, cifre e - _ . ~.', parameterTwice: 'Ogni nome una sola volta.',
  },
  feeds: {
    title: 'Feed di prodotti', empty: 'Nessun feed di prodotti finora. Aggiungine almeno uno per mostrare offerte.', url: 'URL del feed', format: 'Formato',
    formats: { detect: 'Rileva automaticamente', csv: 'CSV', tsv: 'TSV', google: 'XML Google Merchant' },
    add: 'Aggiungi feed', added: 'Il feed è stato aggiunto. Viene analizzato quando l’abbonamento è avviato.', save: 'Salva feed', saved: 'Il feed è stato salvato.',
    delete: 'Elimina feed', deleteLabel: 'Elimina il feed {{url}}', deleted: 'Il feed è stato eliminato.', enabled: 'Scarica questo feed',
    analyse: 'Analizza ora', analyseLabel: 'Analizza ora il feed {{url}}', analysing: 'Il feed viene analizzato. Il rapporto appare qui tra un momento.',
    analyseLater: 'I feed vengono analizzati quando l’abbonamento è avviato.', analyseUnavailable: 'L’analisi non può essere avviata al momento. Riprova più tardi.',
    statuses: { pending: 'In attesa dell’analisi', active: 'Letto con successo', failing: 'Con errori', disabled: 'Non scaricato' },
    lastAnalysis: 'Ultima analisi il {{date}}', report: '{{valid}} prodotti utilizzabili su {{total}}, {{invalid}} rifiutati', notAnalysed: 'Non ancora analizzato.',
    httpStatus: 'Stato HTTP {{status}}', issues: 'Primi problemi trovati', edit: 'Modifica',
  },
  parameters: {
    title: 'Parametri URL', intro: 'Aggiunti a ogni link che porta un visitatore al tuo negozio, per esempio utm_source=pricecompare.',
    name: 'Nome', value: 'Valore', row: 'Parametro {{n}}', save: 'Salva i parametri URL', saved: 'I parametri URL sono stati salvati.',
  },
  deleteShop: {
    title: 'Elimina negozio', warning: 'Elimina il negozio con le sue offerte, i feed e i parametri URL. L’operazione non può essere annullata.',
    confirm: 'Capisco che l’operazione non può essere annullata.', submit: 'Elimina negozio', done: 'Il negozio è stato eliminato.',
  },
  deleteAccount: {
    title: 'Elimina l’account aziendale', warning: 'Disdice subito l’abbonamento ed elimina tutti i tuoi negozi con le loro offerte e il tuo account. L’operazione non può essere annullata.',
  },
  details: { title: 'Dati del negozio', registeredAt: 'Registrato il {{date}}', homepage: 'Sito web' },
  back: 'Torna alla dashboard aziendale',
};

export default business;
