import type { ShopReviewMessages } from './en';

/** Deutsch: die Bewertungen von Shops durch Besucher. */
const shopReviews: ShopReviewMessages = {
  title: 'Shopbewertungen',
  none: 'Noch keine Bewertungen.',
  valueOf: '{{value}} von 5',
  starsOf: '{{n}} von 5 Sternen',
  distribution: 'Bewertungen nach Sternen',
  verifiedCount: {
    zero: 'Noch keine verifizierten Bewertungen',
    one: '1 verifizierte Bewertung',
    many: '{{n}} verifizierte Bewertungen',
  },
  verified: 'Verifiziert: über ein Angebot zu diesem Shop gelangt',
  formerUser: 'ehemaliges Mitglied',
  byAuthor: 'Bewertung von {{author}}',
  replyFrom: 'Antwort von {{shop}}',
  write: 'Bewertung schreiben',
  pages: 'Seiten der Bewertungen',
  order: 'Reihenfolge der Bewertungen',
  sorts: { newest: 'Neueste zuerst', highest: 'Meiste Sterne zuerst', lowest: 'Wenigste Sterne zuerst' },
  published: 'Danke: Ihre Bewertung ist veröffentlicht.',
  writeFor: 'Ihre Bewertung von {{name}}',
  yourRating: 'Ihre Wertung',
  reviewTitle: 'Titel (freiwillig, höchstens 120 Zeichen)',
  body: 'Ihre Bewertung (20 bis 5000 Zeichen)',
  publish: 'Bewertung veröffentlichen',
  yours: 'Ihre Bewertung',
  hidden: 'Unsere Moderation hat diese Bewertung ausgeblendet: Sie erscheint nicht auf der Seite des Shops.',
  delete: 'Meine Bewertung löschen',
  deleted: 'Ihre Bewertung wurde gelöscht.',
  already: 'Sie haben diesen Shop bereits bewertet.',
  ownShop: 'Sie können Ihren eigenen Shop nicht bewerten.',
  limit: 'Zu viele Bewertungen heute, bitte versuchen Sie es später wieder.',
  validation: {
    rating: 'Wählen Sie 1 bis 5 Sterne.',
    titleMax: 'Höchstens 120 Zeichen.',
    bodyMin: 'Mindestens 20 Zeichen.',
    bodyMax: 'Höchstens 5000 Zeichen.',
    replyMax: 'Höchstens 2000 Zeichen.',
  },
  owner: {
    title: 'Bewertungen',
    intro:
      'Die Bewertungen Ihres Shops durch Besucher, neueste zuerst. Ihre Antwort erscheint unter der Bewertung auf der Seite des Shops.',
    notListed: 'Besucher können Ihren Shop bewerten, sobald er im Verzeichnis steht.',
    replyLabel: 'Ihre öffentliche Antwort (höchstens 2000 Zeichen; leer entfernt sie)',
    publishReply: 'Antwort veröffentlichen',
    saveReply: 'Antwort speichern',
    replyTo: 'Auf die Bewertung von {{author}} antworten',
    replied: 'Ihre Antwort ist veröffentlicht.',
    removed: 'Ihre Antwort wurde entfernt.',
    notOwner: 'Nur der Inhaber des Shops kann auf seine Bewertungen antworten.',
  },
};

export default shopReviews;
