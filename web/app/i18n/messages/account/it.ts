import type { AccountMessages } from './en';

/** Italiano: i testi dell’area account (completi, anche se il resto dell’italiano è parziale). */
const account: AccountMessages = {
  auth: {
    loginTitle: 'Accedi', registerTitle: 'Crea un account', email: 'E-mail', password: 'Password', passwordConfirmation: 'Conferma password',
    name: 'Nome', phone: 'Telefono (facoltativo)', remember: 'Ricordami', forgot: 'Password dimenticata?', submitLogin: 'Accedi', submitRegister: 'Crea account',
    noAccount: 'Non hai ancora un account?', registerLink: 'Registrati', haveAccount: 'Già registrato?', loginLink: 'Accedi', social: 'Oppure continua con',
    terms: 'Ho letto e accetto i termini e le condizioni e le condizioni di inserzione.', logout: 'Esci',
    failed: 'Queste credenziali non corrispondono ai nostri dati.', throttled: 'Troppi tentativi. Riprova tra {{seconds}} secondi.',
    registered: 'Controlla la tua e-mail: ti abbiamo inviato un messaggio per completare la registrazione. Poi accedi qui.', emailRestored: 'Il tuo indirizzo e-mail è stato ripristinato e tutte le sessioni sono state chiuse. Ti abbiamo inviato un link per scegliere una nuova password.', restoreFailed: 'Questo link non è valido o è scaduto.', tokenInvalid: 'Questo link per reimpostare la password non è valido o è scaduto.',
  },
  validation: {
    required: 'Questo campo è obbligatorio.', email: 'Inserisci un indirizzo e-mail valido.', max: 'È troppo lungo.', passwordMin: 'Almeno 6 caratteri.',
    confirmed: 'Le password non coincidono.', accepted: 'Accetta le condizioni.', phone: 'Inserisci un numero di telefono valido.', unique: 'È già in uso.',
    invalid: 'Questo valore non è valido.', confirm: 'Conferma, per favore.', price: 'Inserisci un prezzo, ad esempio 249.90.', percent: 'Inserisci un numero intero da 1 a 99.',
  },
  account: {
    title: 'Il tuo account', favourites: 'I tuoi preferiti', alerts: 'I tuoi avvisi di prezzo', sections: 'Sezioni dell’account', overview: 'Panoramica',
    profile: 'Profilo', memberSince: 'membro dal {{date}}', language: 'Lingua di e-mail e notifiche',
    saveProfile: 'Salva profilo', profileSaved: 'Il tuo profilo è stato salvato.', emailChanged: 'Il tuo profilo è stato salvato. Conferma {{email}} con il link che ti abbiamo inviato. Abbiamo avvisato il tuo indirizzo precedente, che può annullare la modifica.',
    passwordTitle: 'Password', currentPassword: 'Password attuale', passwordForEmail: 'Password attuale (necessaria per cambiare l’e-mail)', changePassword: 'Cambia password',
    passwordChanged: 'La tua password è stata cambiata. Sei stato disconnesso ovunque altrove.', wrongPassword: 'La password non è corretta.',
    businessTitle: 'Account aziendale', businessIntro: 'I negozianti inseriscono i loro negozi con un account aziendale.', company: 'Azienda',
    enableBusiness: 'Apri un account aziendale', businessEnabled: 'Ora hai un account aziendale per {{company}}.', businessActive: 'Hai un account aziendale per {{company}}.',
    deleteTitle: 'Elimina account', deleteWarning: 'Elimina il tuo account con i preferiti e gli avvisi di prezzo. Non si può annullare.',
    deleteConfirm: 'Ho capito che non si può annullare.', deleteSubmit: 'Elimina il mio account',
  },
  verify: {
    unverified: 'Controlla prima la tua e-mail: conferma l’indirizzo con il link che ti abbiamo inviato.', resend: 'Invia un nuovo link',
    resent: 'Un nuovo link di conferma è stato inviato al tuo indirizzo e-mail.', throttled: 'Abbiamo appena inviato un link. Riprova tra {{seconds}} secondi.',
    done: 'Grazie: il tuo indirizzo e-mail è confermato.', failed: 'Questo link di conferma non è valido o è scaduto. Richiedine uno nuovo qui sotto.',
    already: 'Il tuo indirizzo e-mail è già confermato.', verifiedBadge: 'Indirizzo e-mail confermato', unverifiedBadge: 'Indirizzo e-mail non ancora confermato',
  },
  password: {
    requestTitle: 'Password dimenticata?', requestIntro: 'Inserisci l’indirizzo e-mail del tuo account e ti invieremo un link per scegliere una nuova password.',
    requestSubmit: 'Inviami un link', linkEmailed: 'Ti abbiamo inviato il link per reimpostare la password. È valido per {{minutes}} minuti.',
    throttled: 'Abbiamo appena inviato un link. Riprova tra {{seconds}} secondi.', resetTitle: 'Scegli una nuova password', new: 'Nuova password',
    rules: 'Le password devono avere almeno sei caratteri e coincidere con la conferma.', resetSubmit: 'Reimposta password', done: 'La tua password è stata reimpostata.',
    requestAgain: 'Richiedi un nuovo link',
  },
  favourites: {
    title: 'Preferiti', all: 'Tutti i preferiti', list: 'Lista: {{name}}', signInPrompt: 'Accedi per salvare i preferiti e vederli su tutti i dispositivi.',
    empty: 'Nessun preferito per ora.', signIn: 'Accedi', recentlyViewedHint: 'I prodotti visti di recente sono nella home page.',
    manage: 'Gestisci le liste', lists: 'Le tue liste', public: 'Pubblica', sharedList: 'Una lista condivisa con te.', newList: 'Nuova lista', makePublic: 'Chiunque abbia il link può vedere questa lista',
    createList: 'Crea lista', renameList: 'Rinomina o condividi', listName: 'Nome della lista', saveList: 'Salva lista', listSaved: 'La lista è stata salvata.', deleteList: 'Elimina questa lista',
    view: 'Apri la pagina della lista', publicLink: 'Apri la pagina pubblica della lista', emptyList: 'Questa lista è vuota. Aggiungi prodotti con il cuore in una pagina prodotto.',
    remove: 'Rimuovi', removeProduct: 'Rimuovi {{name}} da questa lista', removed: 'Il prodotto è stato rimosso.', addTitle: 'Aggiungi {{name}} ai preferiti',
    toList: 'Lista', add: 'Aggiungi', added: 'Aggiunto a {{list}}.', tooManyLists: 'Hai il numero massimo di liste. Eliminane prima una.',
    defaultList: 'La tua lista principale non può essere eliminata.', listFull: 'Questa lista è piena.',
  },
  alerts: {
    yours: 'I tuoi avvisi', createFor: 'Nuovo avviso di prezzo per {{name}}', currentPrice: 'Ora', country: 'Paese', kind: 'Avvisami quando',
    kinds: { target_price: 'il prezzo raggiunge o scende sotto il mio obiettivo', percentage_drop: 'il prezzo scende di una percentuale', back_in_stock: 'torna disponibile' },
    targetPrice: 'Prezzo obiettivo ({{currency}})', dropPercent: 'Calo in percentuale', rearmAutomatically: 'Sorveglia di nuovo quando la condizione non vale più',
    byEmail: 'Avvisami anche via e-mail', create: 'Imposta avviso', created: 'Il tuo avviso di prezzo è impostato.',
    firedOnCreation: 'Il tuo avviso di prezzo è impostato e il prezzo lo soddisfa già: è scattato subito.',
    conditions: { target_price: 'a {{price}} o meno', percentage_drop: '{{percent}}% sotto {{price}}', back_in_stock: 'di nuovo disponibile' },
    states: { armed: 'In attesa', fired: 'Scattato', paused: 'In pausa' }, firedAt: 'scattato il {{date}}',
    rearm: 'Riattiva', rearmProduct: 'Riattiva l’avviso per {{name}}', rearmed: 'L’avviso è di nuovo in attesa.', firedOnRearm: 'Il prezzo soddisfa già l’avviso: è scattato di nuovo subito.',
    delete: 'Elimina', deleteProduct: 'Elimina l’avviso per {{name}}', deleted: 'L’avviso è stato eliminato.',
    empty: 'Nessun avviso di prezzo per ora. Usa il pulsante dell’avviso di prezzo in una pagina prodotto.', exists: 'Hai già questo avviso per questo prodotto e paese.',
    tooMany: 'Hai il numero massimo di avvisi. Eliminane prima uno.',
  },
  push: {
    title: 'Notifiche push', unsupported: 'Questo browser non supporta le notifiche push.', needsScript: 'Le notifiche push richiedono JavaScript.',
    helperText: 'Consenti le notifiche e ti avviseremo appena un prezzo scende.', helperButton: 'Consenti le notifiche',
    enable: 'Attiva le notifiche', disable: 'Disattiva le notifiche', on: 'Le notifiche sono attive in questo browser.', off: 'Le notifiche sono disattivate in questo browser.',
    welcomeTitle: 'Notifiche attive', welcomeBody: 'Ti avviseremo quando un prezzo scende.',
    testTitle: 'Invia una notifica di prova', username: 'Nome utente', message: 'Messaggio', send: 'Invia',
    sent: 'Inviata: l’hanno ricevuta {{n}} browser.', noSubscription: 'Nessun browser ha le notifiche attive per questo nome utente.', rateLimited: 'Sono state tante prove. Attendi un minuto.',
  },
};

export default account;
