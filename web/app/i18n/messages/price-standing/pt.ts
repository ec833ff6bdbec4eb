import type en from './en';

/** Português: a posição de preços de uma loja (ADR 144). */
const priceStanding: typeof en = {
  link: 'Os seus preços face a outras lojas',
  title: 'Posição de preços: {{name}}',
  back: 'Voltar às definições da loja',
  intro:
    'As suas ofertas listadas associadas a um produto, comparadas como na página do produto: o preço com o envio para o país, apenas ofertas vistas recentemente.',
  country: 'País',
  show: 'Mostrar',
  cheapest: 'A mais barata',
  within: 'Até 5 % acima da mais barata',
  above: 'Mais de 5 % acima da mais barata',
  notCompared:
    '{{count}} das suas ofertas não indicam o envio e a mais barata indica: são listadas depois dela e não são comparadas aqui.',
  held: '{{count}} dos seus produtos só têm preços muito abaixo dos das outras lojas (muitas vezes um erro no feed): a página do produto mostra-os em último lugar como «Preço em verificação» e não contam como o preço mais baixo até os corrigir ou a nossa equipa os confirmar.',
  computedAt:
    'Valores de {{date}}, {{time}} UTC; as páginas seguintes mostram os mesmos valores, recarregue para os atualizar.',
  empty: 'Nenhuma oferta listada desta loja está ainda associada a um produto neste país.',
  allCheapest: 'As suas ofertas são as mais baratas de todos os produtos que vende aqui.',
  products: 'Produtos em que outra loja é mais barata',
  productsNote: 'Primeiro a maior diferença. {{count}} produtos no total; o CSV inclui todos.',
  product: 'Produto',
  yourPrice: 'O seu preço',
  lowestPrice: 'Preço mais baixo',
  cheapestShop: 'Loja mais barata',
  gap: 'Diferença',
  shops: 'Lojas',
  itemPrice: 'preço do artigo, envio não indicado',
  next: 'Página seguinte',
  first: 'Primeira página',
  download: 'Descarregar a lista completa (CSV)',
  errors: {
    country: 'Escolha um dos países para onde a sua loja vende.',
  },
};

export default priceStanding;
