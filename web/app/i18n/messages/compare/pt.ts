import type { CompareMessages } from './en';

/** Português: a comparação de produtos. */
const compare: CompareMessages = {
  title: 'Comparar produtos',
  titleOf: 'Comparar {{names}}',
  caption: '{{names}} lado a lado',
  captionDifferences: '{{names}} lado a lado: só as linhas que diferem',
  toggle: 'Comparar',
  toggleLabel: 'Comparar {{name}}',
  tray: 'Produtos para comparar',
  trayLink: 'Comparar ({{n}})',
  trayHint: 'Escolha mais um produto para comparar.',
  full: 'Pode comparar até {{max}} produtos: retire um primeiro.',
  clear: 'Retirar todos',
  remove: 'Retirar',
  removeLabel: 'Retirar {{name}} da comparação',
  onlyDifferences: 'Mostrar só as diferenças',
  allRows: 'Mostrar todas as linhas',
  noDifferences: 'Estes produtos têm os mesmos valores em todas as linhas.',
  missing: 'não indicado',
  rating: 'Avaliação',
  price: 'Preço mais baixo',
  noOffers: 'Sem ofertas neste país ({{country}})',
  pricesUnavailable: 'Não é possível carregar os preços de momento.',
  howTo:
    'Escolha de {{min}} a {{max}} produtos para os comparar lado a lado: carregue em «Comparar» em cada um e depois em «Comparar» na barra no fundo da página.',
  tooMany: 'Uma comparação mostra no máximo {{max}} produtos lado a lado.',
  firstFour: 'Comparar os {{max}} primeiros',
  malformed: 'Este link de comparação não é válido: devia indicar os produtos pelos seus IDs, separados por vírgulas.',
  unknown: {
    zero: 'Todos os produtos deste link existem.',
    one: '1 produto deste link já não existe e foi deixado de fora.',
    many: '{{n}} produtos deste link já não existem e foram deixados de fora.',
  },
  browse: 'Explorar as categorias',
};

export default compare;
