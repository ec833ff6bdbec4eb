import type { ShopReviewMessages } from './en';

/** Português: as avaliações das lojas pelos visitantes. */
const shopReviews: ShopReviewMessages = {
  title: 'Avaliações da loja',
  none: 'Ainda sem avaliações.',
  valueOf: '{{value}} de 5',
  starsOf: '{{n}} de 5 estrelas',
  distribution: 'Avaliações por estrelas',
  verifiedCount: {
    zero: 'Ainda sem avaliações verificadas',
    one: '1 avaliação verificada',
    many: '{{n}} avaliações verificadas',
  },
  verified: 'Verificada: seguiu uma oferta até esta loja',
  formerUser: 'antigo utilizador',
  byAuthor: 'Avaliação de {{author}}',
  replyFrom: 'Resposta de {{shop}}',
  write: 'Escrever uma avaliação',
  pages: 'Páginas de avaliações',
  order: 'Ordem das avaliações',
  sorts: { newest: 'Mais recentes', highest: 'Mais estrelas', lowest: 'Menos estrelas' },
  published: 'Obrigado: a sua avaliação foi publicada.',
  writeFor: 'A sua avaliação de {{name}}',
  yourRating: 'A sua classificação',
  reviewTitle: 'Título (opcional, no máximo 120 caracteres)',
  body: 'A sua avaliação (de 20 a 5000 caracteres)',
  publish: 'Publicar avaliação',
  yours: 'A sua avaliação',
  hidden: 'Os nossos moderadores ocultaram esta avaliação: não aparece na página da loja.',
  delete: 'Eliminar a minha avaliação',
  deleted: 'A sua avaliação foi eliminada.',
  already: 'Já avaliou esta loja.',
  ownShop: 'Não pode avaliar a sua própria loja.',
  limit: 'Demasiadas avaliações hoje, tente mais tarde.',
  validation: {
    rating: 'Escolha de 1 a 5 estrelas.',
    titleMax: 'No máximo 120 caracteres.',
    bodyMin: 'Pelo menos 20 caracteres.',
    bodyMax: 'No máximo 5000 caracteres.',
    replyMax: 'No máximo 2000 caracteres.',
  },
  owner: {
    title: 'Avaliações',
    intro:
      'As avaliações da sua loja pelos visitantes, as mais recentes primeiro. A sua resposta aparece sob a avaliação na página da loja.',
    notListed: 'Os visitantes poderão avaliar a sua loja quando ela constar do diretório.',
    replyLabel: 'A sua resposta pública (no máximo 2000 caracteres; vazia, é retirada)',
    publishReply: 'Publicar resposta',
    saveReply: 'Guardar resposta',
    replyTo: 'Responder à avaliação de {{author}}',
    replied: 'A sua resposta foi publicada.',
    removed: 'A sua resposta foi retirada.',
    notOwner: 'Só o titular da loja pode responder às suas avaliações.',
  },
};

export default shopReviews;
