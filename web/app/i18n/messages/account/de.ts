import type { AccountMessages } from './en';

/** Deutsch: die Texte des Kontobereichs. */
const account: AccountMessages = {
  auth: {
    loginTitle: 'Anmelden', registerTitle: 'Konto erstellen', email: 'E-Mail', password: 'Passwort', passwordConfirmation: 'Passwort bestätigen',
    name: 'Name', phone: 'Telefon (optional)', remember: 'Angemeldet bleiben', forgot: 'Passwort vergessen?', submitLogin: 'Anmelden', submitRegister: 'Konto erstellen',
    noAccount: 'Noch kein Konto?', registerLink: 'Registrieren', haveAccount: 'Schon registriert?', loginLink: 'Anmelden', social: 'Oder weiter mit',
    terms: 'Ich habe die Allgemeinen Geschäftsbedingungen und die Listing-Bedingungen gelesen und stimme ihnen zu.', logout: 'Abmelden',
    failed: 'Diese Zugangsdaten stimmen nicht mit unseren Daten überein.', throttled: 'Zu viele Versuche. Bitte versuchen Sie es in {{seconds}} Sekunden erneut.',
    registered: 'Bitte prüfen Sie Ihre E-Mails: Wir haben Ihnen eine Nachricht geschickt, um die Anmeldung abzuschliessen. Melden Sie sich dann hier an.', emailRestored: 'Ihre E-Mail-Adresse gilt wieder, und alle Sitzungen wurden abgemeldet. Wir haben Ihnen einen Link für ein neues Passwort geschickt.', restoreFailed: 'Dieser Link ist ungültig oder abgelaufen.', tokenInvalid: 'Dieser Link zum Zurücksetzen des Passworts ist ungültig oder abgelaufen.',
  },
  validation: {
    required: 'Dieses Feld ist erforderlich.', email: 'Geben Sie eine gültige E-Mail-Adresse ein.', max: 'Das ist zu lang.', passwordMin: 'Mindestens 6 Zeichen.',
    confirmed: 'Die Passwörter stimmen nicht überein.', accepted: 'Bitte akzeptieren Sie die Bedingungen.', phone: 'Geben Sie eine gültige Telefonnummer ein.', unique: 'Das ist schon vergeben.',
    invalid: 'Dieser Wert ist ungültig.', confirm: 'Bitte bestätigen Sie.', price: 'Geben Sie einen Preis ein, z. B. 249.90.', percent: 'Geben Sie eine ganze Zahl von 1 bis 99 ein.',
  },
  account: {
    title: 'Ihr Konto', favourites: 'Ihre Favoriten', alerts: 'Ihre Preisalarme', sections: 'Kontobereiche', overview: 'Übersicht',
    profile: 'Profil', memberSince: 'Mitglied seit {{date}}', language: 'Sprache von E-Mails und Benachrichtigungen',
    saveProfile: 'Profil speichern', profileSaved: 'Ihr Profil wurde gespeichert.', emailChanged: 'Ihr Profil wurde gespeichert. Bitte bestätigen Sie {{email}} mit dem Link, den wir dorthin geschickt haben. Ihre bisherige Adresse wurde benachrichtigt und kann die Änderung rückgängig machen.',
    passwordTitle: 'Passwort', currentPassword: 'Aktuelles Passwort', passwordForEmail: 'Aktuelles Passwort (nötig, um die E-Mail-Adresse zu ändern)', changePassword: 'Passwort ändern',
    passwordChanged: 'Ihr Passwort wurde geändert. Überall sonst wurden Sie abgemeldet.', wrongPassword: 'Das Passwort ist nicht korrekt.',
    businessTitle: 'Geschäftskonto', businessIntro: 'Shopbetreiber listen ihre Shops mit einem Geschäftskonto.', company: 'Firma',
    enableBusiness: 'Geschäftskonto eröffnen', businessEnabled: 'Sie haben jetzt ein Geschäftskonto für {{company}}.', businessActive: 'Sie haben ein Geschäftskonto für {{company}}.',
    deleteTitle: 'Konto löschen', deleteWarning: 'Damit löschen Sie Ihr Konto mit Ihren Favoriten und Preisalarmen. Das lässt sich nicht rückgängig machen.',
    deleteConfirm: 'Mir ist klar, dass sich das nicht rückgängig machen lässt.', deleteSubmit: 'Mein Konto löschen',
  },
  verify: {
    unverified: 'Bitte prüfen Sie zuerst Ihre E-Mails: Bestätigen Sie Ihre Adresse mit dem Link, den wir Ihnen geschickt haben.', resend: 'Neuen Link senden',
    resent: 'Ein neuer Bestätigungslink wurde an Ihre E-Mail-Adresse gesendet.', throttled: 'Wir haben gerade erst einen Link gesendet. Bitte versuchen Sie es in {{seconds}} Sekunden erneut.',
    done: 'Danke: Ihre E-Mail-Adresse ist bestätigt.', failed: 'Dieser Bestätigungslink ist ungültig oder abgelaufen. Fordern Sie unten einen neuen an.',
    already: 'Ihre E-Mail-Adresse ist bereits bestätigt.', verifiedBadge: 'E-Mail-Adresse bestätigt', unverifiedBadge: 'E-Mail-Adresse noch nicht bestätigt',
  },
  password: {
    requestTitle: 'Passwort vergessen?', requestIntro: 'Geben Sie die E-Mail-Adresse Ihres Kontos ein; wir schicken Ihnen einen Link, mit dem Sie ein neues Passwort wählen.',
    requestSubmit: 'Link zum Zurücksetzen senden', linkEmailed: 'Wir haben Ihnen den Link zum Zurücksetzen des Passworts gesendet. Er ist {{minutes}} Minuten gültig.',
    throttled: 'Wir haben gerade erst einen Link gesendet. Bitte versuchen Sie es in {{seconds}} Sekunden erneut.', resetTitle: 'Neues Passwort wählen', new: 'Neues Passwort',
    rules: 'Passwörter müssen mindestens sechs Zeichen lang sein und mit der Bestätigung übereinstimmen.', resetSubmit: 'Passwort zurücksetzen', done: 'Ihr Passwort wurde zurückgesetzt.',
    requestAgain: 'Neuen Link zum Zurücksetzen anfordern',
  },
  favourites: {
    title: 'Favoriten', all: 'Alle Favoriten', list: 'Liste: {{name}}', signInPrompt: 'Melden Sie sich an, um Favoriten zu speichern und auf allen Geräten zu sehen.',
    empty: 'Noch keine Favoriten.', signIn: 'Anmelden', recentlyViewedHint: 'Ihre zuletzt angesehenen Produkte finden Sie auf der Startseite.',
    manage: 'Listen verwalten', lists: 'Ihre Listen', public: 'Öffentlich', sharedList: 'Eine mit Ihnen geteilte Liste.', newList: 'Neue Liste', makePublic: 'Alle mit dem Link dürfen diese Liste sehen',
    createList: 'Liste anlegen', renameList: 'Umbenennen oder teilen', listName: 'Name der Liste', saveList: 'Liste speichern', listSaved: 'Die Liste wurde gespeichert.', deleteList: 'Diese Liste löschen',
    view: 'Listenseite öffnen', publicLink: 'Öffentliche Listenseite öffnen', emptyList: 'Diese Liste ist leer. Fügen Sie Produkte mit dem Herz auf einer Produktseite hinzu.',
    remove: 'Entfernen', removeProduct: '{{name}} aus dieser Liste entfernen', removed: 'Das Produkt wurde entfernt.', addTitle: '{{name}} zu Ihren Favoriten hinzufügen',
    toList: 'Liste', add: 'Hinzufügen', added: 'Zu {{list}} hinzugefügt.', tooManyLists: 'Sie haben die höchstmögliche Zahl an Listen. Löschen Sie zuerst eine.',
    defaultList: 'Ihre Hauptliste kann nicht gelöscht werden.', listFull: 'Diese Liste ist voll.',
  },
  alerts: {
    yours: 'Ihre Alarme', createFor: 'Neuer Preisalarm für {{name}}', currentPrice: 'Jetzt', country: 'Land', kind: 'Benachrichtigen, wenn',
    kinds: { target_price: 'der Preis mein Ziel erreicht oder unterschreitet', percentage_drop: 'der Preis um einen Prozentsatz fällt', back_in_stock: 'es wieder lieferbar ist' },
    targetPrice: 'Zielpreis ({{currency}})', dropPercent: 'Rückgang in Prozent', rearmAutomatically: 'Wieder beobachten, sobald die Bedingung nicht mehr erfüllt ist',
    byEmail: 'Auch per E-Mail benachrichtigen', create: 'Alarm setzen', created: 'Ihr Preisalarm ist gesetzt.',
    firedOnCreation: 'Ihr Preisalarm ist gesetzt, und der Preis erfüllt ihn schon: Er hat sofort ausgelöst.',
    conditions: { target_price: 'höchstens {{price}}', percentage_drop: '{{percent}}% unter {{price}}', back_in_stock: 'wieder lieferbar' },
    states: { armed: 'Wartet', fired: 'Ausgelöst', paused: 'Pausiert' }, firedAt: 'ausgelöst am {{date}}',
    rearm: 'Wieder scharf schalten', rearmProduct: 'Alarm für {{name}} wieder scharf schalten', rearmed: 'Der Alarm wartet wieder.', firedOnRearm: 'Der Preis erfüllt den Alarm schon: Er hat sofort wieder ausgelöst.',
    delete: 'Löschen', deleteProduct: 'Alarm für {{name}} löschen', deleted: 'Der Alarm wurde gelöscht.',
    empty: 'Noch keine Preisalarme. Nutzen Sie die Preisalarm-Schaltfläche auf einer Produktseite.', exists: 'Diesen Alarm haben Sie für dieses Produkt und Land schon.',
    tooMany: 'Sie haben die höchstmögliche Zahl an Alarmen. Löschen Sie zuerst einen.',
  },
  push: {
    title: 'Push-Benachrichtigungen', unsupported: 'Dieser Browser unterstützt keine Push-Benachrichtigungen.', needsScript: 'Push-Benachrichtigungen brauchen JavaScript.',
    helperText: 'Erlauben Sie Benachrichtigungen, dann sagen wir Ihnen sofort, wenn ein Preis fällt.', helperButton: 'Benachrichtigungen erlauben',
    enable: 'Benachrichtigungen einschalten', disable: 'Benachrichtigungen ausschalten', on: 'Benachrichtigungen sind in diesem Browser an.', off: 'Benachrichtigungen sind in diesem Browser aus.',
    welcomeTitle: 'Benachrichtigungen sind an', welcomeBody: 'Wir melden uns, wenn ein Preis fällt.',
    testTitle: 'Testbenachrichtigung senden', username: 'Benutzername', message: 'Nachricht', send: 'Senden',
    sent: 'Gesendet: {{n}} Browser haben sie erhalten.', noSubscription: 'Für diesen Benutzernamen hat kein Browser Benachrichtigungen eingeschaltet.', rateLimited: 'Das waren viele Tests. Bitte warten Sie eine Minute.',
  },
};

export default account;
