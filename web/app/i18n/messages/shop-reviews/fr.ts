import type { ShopReviewMessages } from './en';

/** Français : les avis des visiteurs sur les boutiques. */
const shopReviews: ShopReviewMessages = {
  title: 'Avis sur la boutique',
  none: 'Aucun avis pour le moment.',
  valueOf: '{{value}} sur 5',
  starsOf: 'Note : {{n}} sur 5',
  distribution: 'Avis par nombre d’étoiles',
  verifiedCount: { zero: 'Aucun avis vérifié pour le moment', one: '1 avis vérifié', many: '{{n}} avis vérifiés' },
  verified: 'Vérifié : a suivi une offre vers cette boutique',
  formerUser: 'ancien membre',
  byAuthor: 'Avis de {{author}}',
  replyFrom: 'Réponse de {{shop}}',
  write: 'Donner un avis',
  pages: 'Pages d’avis',
  order: 'Ordre des avis',
  sorts: { newest: 'Les plus récents', highest: 'Le plus d’étoiles', lowest: 'Le moins d’étoiles' },
  published: 'Merci : votre avis est publié.',
  writeFor: 'Votre avis sur {{name}}',
  yourRating: 'Votre note',
  reviewTitle: 'Titre (facultatif, 120 caractères au plus)',
  body: 'Votre avis (de 20 à 5000 caractères)',
  publish: 'Publier l’avis',
  yours: 'Votre avis',
  hidden: 'Nos modérateurs ont masqué cet avis : il n’apparaît pas sur la page de la boutique.',
  delete: 'Supprimer mon avis',
  deleted: 'Votre avis a été supprimé.',
  already: 'Vous avez déjà donné votre avis sur cette boutique.',
  ownShop: 'Vous ne pouvez pas donner votre avis sur votre propre boutique.',
  limit: 'Trop d’avis aujourd’hui, réessayez plus tard.',
  validation: {
    rating: 'Choisissez de 1 à 5 étoiles.',
    titleMax: '120 caractères au plus.',
    bodyMin: 'Au moins 20 caractères.',
    bodyMax: '5000 caractères au plus.',
    replyMax: '2000 caractères au plus.',
  },
  owner: {
    title: 'Avis',
    intro:
      'Les avis des visiteurs sur votre boutique, les plus récents d’abord. Votre réponse apparaît sous l’avis sur la page de la boutique.',
    notListed: 'Les visiteurs pourront donner leur avis sur votre boutique dès qu’elle figurera dans l’annuaire.',
    replyLabel: 'Votre réponse publique (2000 caractères au plus ; vide, elle est retirée)',
    publishReply: 'Publier la réponse',
    saveReply: 'Enregistrer la réponse',
    replyTo: 'Répondre à l’avis de {{author}}',
    replied: 'Votre réponse est publiée.',
    removed: 'Votre réponse a été retirée.',
    notOwner: 'Seul le propriétaire de la boutique peut répondre à ses avis.',
  },
};

export default shopReviews;
