import type { TwoStepMessages } from './en';

/** Italiano: l’accesso in due passaggi. */
const twoStep: TwoStepMessages = {
  title: 'Accesso in due passaggi',
  pageIntro: 'Apri la tua app di autenticazione e inserisci il codice di sei cifre che mostra per pricecompare.',
  code: 'Codice',
  codeHint: 'Hai perso il telefono? Inserisci invece uno dei tuoi codici di recupero, per esempio abcde-fghij.',
  submit: 'Continua',
  signInAgain: 'Questo accesso è scaduto. Accedi di nuovo.',
  logInAgain: 'Accedi di nuovo',
  wrongCode: 'Questo codice non è corretto.',
  wrongCodeAttempts: 'Questo codice non è corretto. Tentativi rimasti: {{count}}.',
  recoveryUsed:
    'Hai effettuato l’accesso con un codice di recupero. Codici di recupero rimasti: {{count}}. Se hai perso il telefono, disattiva qui sotto l’accesso in due passaggi e configuralo di nuovo sul nuovo telefono.',
  intro:
    'Dopo la password, l’accesso chiede un codice da un’app di autenticazione sul tuo telefono, come Google Authenticator, Microsoft Authenticator o Aegis. Chi scopre la tua password non può comunque accedere.',
  isOff: 'L’accesso in due passaggi è disattivato.',
  setUp: 'Configura',
  setupStarted: 'Scansiona il codice QR con la tua app di autenticazione, poi inserisci il codice che mostra.',
  scanTitle: 'Aggiungi il tuo account all’app',
  qrLabel: 'Codice QR per la tua app di autenticazione',
  typeKey: 'Non riesci a scansionarlo? Aggiungi l’account nell’app digitando questa chiave:',
  confirmIntro: 'Poi inserisci il codice di sei cifre che l’app mostra per pricecompare.',
  appCode: 'Codice dell’app',
  appOrRecoveryCode: 'Codice dell’app, o un codice di recupero',
  turnOn: 'Attiva',
  turnedOn: 'L’accesso in due passaggi è attivo.',
  recoveryTitle: 'I tuoi codici di recupero',
  recoveryNote:
    'Ogni codice ti fa accedere una volta senza l’app, se perdi il telefono. Conservali in un luogo sicuro, per esempio in un gestore di password o su carta: vengono mostrati solo questa volta.',
  copy: 'Copia i codici',
  copied: 'I codici sono copiati.',
  copyFailed: 'La copia non è riuscita. Seleziona i codici e copiali.',
  onSince: 'Attivo dal {{date}}.',
  codesLeft: 'Codici di recupero rimasti: {{count}}.',
  renewIntro: 'I nuovi codici di recupero sostituiscono quelli precedenti.',
  renew: 'Nuovi codici di recupero',
  renewed: 'Ecco i tuoi nuovi codici di recupero. Quelli precedenti non valgono più.',
  offIntro: 'Per disattivarlo servono la tua password e un codice dell’app, o un codice di recupero.',
  turnOff: 'Disattiva',
  turnedOff: 'L’accesso in due passaggi è disattivato.',
  noSetup: 'La configurazione è scaduta. Inserisci la password per ricominciare.',
  alreadyOn: 'L’accesso in due passaggi è già attivo.',
  alreadyOff: 'L’accesso in due passaggi è già disattivato.',
  codeFormat: 'Inserisci le sei cifre che mostra l’app.',
  codeOrRecoveryFormat: 'Inserisci le sei cifre dell’app, o un codice di recupero.',
};

export default twoStep;
