import type en from './en';

/** Français : la position de prix d’une boutique (ADR 144). */
const priceStanding: typeof en = {
  link: 'Vos prix face aux autres boutiques',
  title: 'Position de prix : {{name}}',
  back: 'Retour aux paramètres de la boutique',
  intro:
    'Vos offres listées associées à un produit, comparées comme sur la page produit : le prix avec la livraison vers le pays, seules les offres vues récemment.',
  country: 'Pays',
  show: 'Afficher',
  cheapest: 'La moins chère',
  within: 'À 5 % au plus de la moins chère',
  above: 'Plus de 5 % au-dessus de la moins chère',
  notCompared:
    '{{count}} de vos offres n’indiquent pas les frais de livraison alors que la moins chère les indique : elles sont listées après elle et ne sont pas comparées ici.',
  held: '{{count}} de vos produits n’ont que des prix très inférieurs à ceux des autres boutiques (souvent une erreur dans le flux) : la page produit les montre en dernier comme « Prix en vérification » et ils ne comptent pas comme prix le plus bas tant que vous ne les corrigez pas ou que notre équipe ne les confirme pas.',
  computedAt:
    'Chiffres au {{date}}, {{time}} UTC ; les pages suivantes montrent les mêmes chiffres, rechargez pour les actualiser.',
  empty: 'Aucune offre listée de cette boutique n’est encore associée à un produit dans ce pays.',
  allCheapest: 'Vos offres sont les moins chères de chaque produit que vous vendez ici.',
  products: 'Produits pour lesquels une autre boutique est moins chère',
  productsNote: 'Le plus grand écart d’abord. {{count}} produits au total ; le CSV les liste tous.',
  product: 'Produit',
  yourPrice: 'Votre prix',
  lowestPrice: 'Prix le plus bas',
  cheapestShop: 'Boutique la moins chère',
  gap: 'Écart',
  shops: 'Boutiques',
  itemPrice: 'prix de l’article, livraison non indiquée',
  next: 'Page suivante',
  first: 'Première page',
  download: 'Télécharger la liste complète (CSV)',
  errors: {
    country: 'Choisissez l’un des pays où votre boutique vend.',
  },
};

export default priceStanding;
