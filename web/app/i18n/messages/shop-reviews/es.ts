import type { ShopReviewMessages } from './en';

/** Español: las opiniones de los visitantes sobre las tiendas. */
const shopReviews: ShopReviewMessages = {
  title: 'Opiniones sobre la tienda',
  none: 'Todavía no hay opiniones.',
  valueOf: '{{value}} de 5',
  starsOf: '{{n}} de 5 estrellas',
  distribution: 'Opiniones por estrellas',
  verifiedCount: {
    zero: 'Todavía no hay opiniones verificadas',
    one: '1 opinión verificada',
    many: '{{n}} opiniones verificadas',
  },
  verified: 'Verificada: siguió una oferta hasta esta tienda',
  formerUser: 'antiguo usuario',
  byAuthor: 'Opinión de {{author}}',
  replyFrom: 'Respuesta de {{shop}}',
  write: 'Escribir una opinión',
  pages: 'Páginas de opiniones',
  order: 'Orden de las opiniones',
  sorts: { newest: 'Más recientes', highest: 'Más estrellas', lowest: 'Menos estrellas' },
  published: 'Gracias: tu opinión está publicada.',
  writeFor: 'Tu opinión sobre {{name}}',
  yourRating: 'Tu valoración',
  reviewTitle: 'Título (opcional, como máximo 120 caracteres)',
  body: 'Tu opinión (de 20 a 5000 caracteres)',
  publish: 'Publicar opinión',
  yours: 'Tu opinión',
  hidden: 'Nuestros moderadores han ocultado esta opinión: no aparece en la página de la tienda.',
  delete: 'Eliminar mi opinión',
  deleted: 'Tu opinión se ha eliminado.',
  already: 'Ya has opinado sobre esta tienda.',
  ownShop: 'No puedes opinar sobre tu propia tienda.',
  limit: 'Demasiadas opiniones hoy, inténtalo más tarde.',
  validation: {
    rating: 'Elige de 1 a 5 estrellas.',
    titleMax: 'Como máximo 120 caracteres.',
    bodyMin: 'Al menos 20 caracteres.',
    bodyMax: 'Como máximo 5000 caracteres.',
    replyMax: 'Como máximo 2000 caracteres.',
  },
  owner: {
    title: 'Opiniones',
    intro:
      'Las opiniones de los visitantes sobre tu tienda, las más recientes primero. Tu respuesta aparece bajo la opinión en la página de la tienda.',
    notListed: 'Los visitantes podrán opinar sobre tu tienda cuando figure en el directorio.',
    replyLabel: 'Tu respuesta pública (como máximo 2000 caracteres; vacía, se retira)',
    publishReply: 'Publicar respuesta',
    saveReply: 'Guardar respuesta',
    replyTo: 'Responder a la opinión de {{author}}',
    replied: 'Tu respuesta está publicada.',
    removed: 'Tu respuesta se ha retirado.',
    notOwner: 'Solo el titular de la tienda puede responder a sus opiniones.',
  },
};

export default shopReviews;
