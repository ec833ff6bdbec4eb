import type { TwoStepMessages } from './en';

/** Deutsch: die Anmeldung in zwei Schritten. */
const twoStep: TwoStepMessages = {
  title: 'Anmeldung in zwei Schritten',
  pageIntro:
    'Öffnen Sie Ihre Authenticator-App und geben Sie den sechsstelligen Code ein, den sie für pricecompare zeigt.',
  code: 'Code',
  codeHint: 'Handy verloren? Geben Sie stattdessen einen Ihrer Wiederherstellungscodes ein, etwa abcde-fghij.',
  submit: 'Weiter',
  signInAgain: 'Diese Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.',
  logInAgain: 'Erneut anmelden',
  wrongCode: 'Dieser Code stimmt nicht.',
  wrongCodeAttempts: 'Dieser Code stimmt nicht. Verbleibende Versuche: {{count}}.',
  recoveryUsed:
    'Sie haben sich mit einem Wiederherstellungscode angemeldet. Verbleibende Wiederherstellungscodes: {{count}}. Haben Sie Ihr Handy verloren, schalten Sie die Anmeldung in zwei Schritten unten aus und richten Sie sie auf dem neuen Handy wieder ein.',
  intro:
    'Nach dem Passwort fragt die Anmeldung nach einem Code aus einer Authenticator-App auf Ihrem Handy, etwa Google Authenticator, Microsoft Authenticator oder Aegis. Wer Ihr Passwort erfährt, kann sich trotzdem nicht anmelden.',
  isOff: 'Die Anmeldung in zwei Schritten ist aus.',
  setUp: 'Einrichten',
  setupStarted: 'Scannen Sie den QR-Code mit Ihrer Authenticator-App und geben Sie dann den Code ein, den sie zeigt.',
  scanTitle: 'Ihr Konto in der App hinzufügen',
  qrLabel: 'QR-Code für Ihre Authenticator-App',
  typeKey: 'Scannen geht nicht? Fügen Sie das Konto in der App mit diesem Schlüssel hinzu:',
  confirmIntro: 'Geben Sie dann den sechsstelligen Code ein, den die App für pricecompare zeigt.',
  appCode: 'Code aus der App',
  appOrRecoveryCode: 'Code aus der App oder ein Wiederherstellungscode',
  turnOn: 'Einschalten',
  turnedOn: 'Die Anmeldung in zwei Schritten ist eingeschaltet.',
  recoveryTitle: 'Ihre Wiederherstellungscodes',
  recoveryNote:
    'Jeder Code meldet Sie einmal ohne die App an, falls Sie Ihr Handy verlieren. Bewahren Sie sie sicher auf, etwa in einem Passwort-Manager oder auf Papier: Sie werden nur dieses eine Mal gezeigt.',
  copy: 'Codes kopieren',
  copied: 'Die Codes sind kopiert.',
  copyFailed: 'Das Kopieren hat nicht geklappt. Bitte markieren und kopieren Sie die Codes.',
  onSince: 'Eingeschaltet seit {{date}}.',
  codesLeft: 'Verbleibende Wiederherstellungscodes: {{count}}.',
  renewIntro: 'Neue Wiederherstellungscodes ersetzen die bisherigen.',
  renew: 'Neue Wiederherstellungscodes',
  renewed: 'Hier sind Ihre neuen Wiederherstellungscodes. Die bisherigen gelten nicht mehr.',
  offIntro: 'Zum Ausschalten braucht es Ihr Passwort und einen Code aus der App oder einen Wiederherstellungscode.',
  turnOff: 'Ausschalten',
  turnedOff: 'Die Anmeldung in zwei Schritten ist aus.',
  noSetup: 'Die Einrichtung ist abgelaufen. Geben Sie Ihr Passwort ein, um neu zu beginnen.',
  alreadyOn: 'Die Anmeldung in zwei Schritten ist schon eingeschaltet.',
  alreadyOff: 'Die Anmeldung in zwei Schritten ist schon aus.',
  codeFormat: 'Geben Sie die sechs Ziffern ein, die die App zeigt.',
  codeOrRecoveryFormat: 'Geben Sie die sechs Ziffern aus der App oder einen Wiederherstellungscode ein.',
};

export default twoStep;
