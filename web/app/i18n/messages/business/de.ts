import type { BusinessMessages } from './en';

/** Deutsch: der Geschäftskundenbereich. */
const business: BusinessMessages = {
  nav: 'Geschäftskunden',
  title: 'Geschäftskunden-Dashboard',
  required: 'Eröffnen Sie zuerst ein Geschäftskonto: Dann können Sie Shops registrieren.',
  welcome: 'Ihr Geschäftskonto ist eröffnet. Registrieren Sie Ihren ersten Shop.',
  open: 'Zum Geschäftskunden-Dashboard',
  shops: {
    title: 'Ihre Shops', empty: 'Noch keine Shops registriert.', register: 'Shop registrieren', name: 'Shop', stage: 'Status',
    clicksToday: 'Klicks heute', clicksMonth: 'Klicks diesen Monat', clicksUnavailable: 'im Moment nicht verfügbar', settings: 'Einstellungen',
    settingsOf: 'Einstellungen von {{name}}', confirmed: 'Bestätigt', notConfirmed: 'Nicht bestätigt', offers: 'Angebote',
    stages: {
      awaitingPayment: 'Zahlungsmittel ausstehend', subscriptionStarted: 'Abonnement gestartet', feedsAnalysed: 'Produktfeeds analysiert',
      active: 'Aktiviert', suspendedPayment: 'Gesperrt: Zahlung fehlt', suspendedStaff: 'Von unserem Team gesperrt',
    },
    hints: {
      awaitingPayment: 'Hinterlegen Sie eine Karte und starten Sie das Abonnement.', subscriptionStarted: 'Wir analysieren Ihre Produktfeeds.',
      feedsAnalysed: 'Wir melden uns, sobald Ihr Shop bereit ist.', active: 'Ihre Angebote werden gezeigt.',
      suspendedPayment: 'Ihre Angebote werden nicht gezeigt. Aktualisieren Sie Ihre Karte oder starten Sie das Abonnement erneut.', suspendedStaff: 'Ihre Angebote werden nicht gezeigt. Bitte kontaktieren Sie uns.',
    },
    subscribe: 'Abonnement starten', subscribeFor: 'Abonnement für {{name}} starten', plan: 'Tarif',
  },
  plans: { month: '{{price}} pro Shop und Monat', year: '{{price}} pro Shop und Jahr', vat: 'Preise ohne 8,1 % MWST.' },
  subscription: {
    title: 'Abonnement', none: 'Noch kein Abonnement. Es beginnt mit Ihrem ersten Shop.', plan: 'Tarif: {{plan}}', shops: 'Shops: {{n}}',
    renews: 'Verlängert sich am {{date}}', endsOn: 'Endet am {{date}}', cancel: 'Auf Ende der Periode kündigen',
    canceled: 'Ihr Abonnement endet mit der laufenden Periode.', alreadyCanceled: 'Das Abonnement ist bereits gekündigt.',
    statuses: { incomplete: 'Erste Zahlung ausstehend', active: 'Aktiv', pastDue: 'Zahlung überfällig: wir versuchen es erneut', unpaid: 'Unbezahlt', canceled: 'Gekündigt', expired: 'Abgelaufen' },
  },
  card: {
    title: 'Zahlungskarte', none: 'Keine Karte hinterlegt.', onFile: '{{brand}} mit Endziffern {{last4}}, gültig bis {{expires}}', add: 'Karte hinzufügen', replace: 'Karte ersetzen',
    continueHint: 'Sie geben Ihre Karte auf der sicheren Seite des Zahlungsanbieters ein: Ihre Nummer erreicht nie unsere Server.', continue: 'Weiter zum Kartenformular',
    elements: 'Geben Sie Ihre Karte unten ein. Sie geht direkt an unseren Zahlungsanbieter.', save: 'Karte speichern', needsScript: 'Um hier eine Karte einzugeben, braucht es JavaScript.',
  },
  payment: {
    subscriptionStarted: 'Abonnement erfolgreich gestartet. Wir melden uns, sobald Ihr Shop bereit ist.', cardUpdated: 'Karte erfolgreich aktualisiert.',
    needs3ds: 'Ihre Karte verlangt 3D Secure: Bitte bestätigen Sie die Zahlung bei Ihrer Bank.', authenticate: 'Weiter zu 3D Secure',
    paymentDeclined: 'Zahlung abgelehnt. Bitte versuchen Sie es mit einer anderen Karte.', cardError: 'Bitte geben Sie ein gültiges Zahlungsmittel an.', processing: 'Ihre Zahlung wird verarbeitet.',
    alreadySubscribed: 'Dieser Shop ist bereits abonniert.', incomplete: 'Schliessen Sie zuerst die erste Zahlung Ihres Abonnements ab: Hinterlegen Sie eine Karte, die funktioniert.',
    planMismatch: 'Alle Ihre Shops haben einen Tarif: Wählen Sie den Tarif Ihres Abonnements.', notAwaiting: 'Dieser Shop wartet nicht auf ein Abonnement.',
  },
  invoices: {
    title: 'Rechnungen', empty: 'Noch keine Rechnungen.', number: 'Rechnung', date: 'Datum', amount: 'Betrag', status: 'Status',
    paid: 'Bezahlt', unpaid: 'Unbezahlt', void: 'Storniert', download: 'Herunterladen', downloadLabel: 'Rechnung {{number}} herunterladen',
  },
  register: {
    title: 'Shop registrieren', intro: 'Erzählen Sie uns von Ihrem Shop. Hinterlegen Sie nach der Registrierung eine Karte und starten Sie das Abonnement; dann analysieren wir Ihre Produktfeeds.',
    submit: 'Shop registrieren', done: 'Ihr Shop {{name}} ist registriert. Als Nächstes: Karte hinterlegen und Abonnement starten.',
    alreadyRegistered: 'Dieser Shop ist bereits registriert.', shopSection: 'Shop', addressSection: 'Adresse', contactSection: 'Kontakt',
    feedHint: 'CSV (bevorzugt) oder XML mit Artikelnummer, Name mit Marke, GTIN/EAN oder Herstellernummer, Preis in CHF inklusive Steuern und dem Link zur Produktseite. Sie können Feeds auch später hinzufügen.',
    terms: 'Ich habe die Allgemeinen Geschäftsbedingungen und die Listing-Bedingungen gelesen und stimme ihnen zu.', optional: 'optional',
  },
  fields: {
    name: 'Name des Shops', homepage: 'URL', company: 'Firma', commercial_register_number: 'Handelsregisternummer', line1: 'Adresse',
    line2: 'Adresszusatz', zip_code: 'Postleitzahl', city: 'Ort', country: 'Land', phone: 'Telefon', email: 'E-Mail', feed_url: 'Produktfeed',
  },
  validation: {
    postalCode: 'Geben Sie eine gültige Postleitzahl des gewählten Landes ein.', phone: 'Geben Sie eine gültige Telefonnummer ein, zum Beispiel +41 44 123 45 67.',
    url: 'Geben Sie eine gültige URL ein, die mit http:// oder https:// beginnt.', parameterName: 'Nur Buchstaben, Ziffern und - _ . ~ verwenden.', parameterTwice: 'Jeden Namen nur einmal.',
  },
  feeds: {
    title: 'Produktfeeds', empty: 'Noch keine Produktfeeds. Fügen Sie mindestens einen hinzu, damit Angebote erscheinen.', url: 'Feed-URL', format: 'Format',
    formats: { detect: 'Automatisch erkennen', csv: 'CSV', tsv: 'TSV', google: 'Google-Merchant-XML' },
    add: 'Feed hinzufügen', added: 'Der Feed wurde hinzugefügt. Er wird analysiert, sobald Ihr Abonnement gestartet ist.', save: 'Feed speichern', saved: 'Der Feed wurde gespeichert.',
    delete: 'Feed löschen', deleteLabel: 'Den Feed {{url}} löschen', deleted: 'Der Feed wurde gelöscht.', enabled: 'Diesen Feed abrufen',
    analyse: 'Jetzt analysieren', analyseLabel: 'Den Feed {{url}} jetzt analysieren', analysing: 'Der Feed wird analysiert. Der Bericht erscheint gleich hier.',
    analyseLater: 'Feeds werden analysiert, sobald das Abonnement gestartet ist.', analyseUnavailable: 'Die Analyse kann im Moment nicht gestartet werden. Bitte versuchen Sie es später.',
    statuses: { pending: 'Wartet auf die Analyse', active: 'Erfolgreich gelesen', failing: 'Fehlerhaft', disabled: 'Wird nicht abgerufen' },
    lastAnalysis: 'Letzte Analyse am {{date}}', report: '{{valid}} von {{total}} Produkten verwendbar, {{invalid}} abgelehnt', notAnalysed: 'Noch nicht analysiert.',
    httpStatus: 'HTTP-Status {{status}}', issues: 'Erste gefundene Probleme', edit: 'Bearbeiten',
  },
  parameters: {
    title: 'URL-Parameter', intro: 'Werden an jeden Link angehängt, der Besucher zu Ihrem Shop führt, zum Beispiel utm_source=pricecompare.',
    name: 'Name', value: 'Wert', row: 'Parameter {{n}}', save: 'URL-Parameter speichern', saved: 'Die URL-Parameter wurden gespeichert.',
  },
  deleteShop: {
    title: 'Shop löschen', warning: 'Damit löschen Sie den Shop mit seinen Angeboten, Feeds und URL-Parametern. Das kann nicht rückgängig gemacht werden.',
    confirm: 'Ich verstehe, dass dies nicht rückgängig gemacht werden kann.', submit: 'Shop löschen', done: 'Der Shop wurde gelöscht.',
  },
  deleteAccount: {
    title: 'Geschäftskonto löschen', warning: 'Damit kündigen Sie Ihr Abonnement sofort und löschen alle Ihre Shops mit ihren Angeboten sowie Ihr Konto. Das kann nicht rückgängig gemacht werden.',
  },
  details: { title: 'Angaben zum Shop', registeredAt: 'Registriert am {{date}}', homepage: 'Website' },
  back: 'Zurück zum Geschäftskunden-Dashboard',
};

export default business;
