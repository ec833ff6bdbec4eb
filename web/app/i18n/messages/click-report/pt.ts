import type { ClickReportMessages } from './en';

/** Português: o relatório de cliques de uma loja. */
const clickReport: ClickReportMessages = {
  fullReport: 'Relatório completo',
  title: 'Relatório de cliques: {{name}}',
  back: 'Voltar às definições da loja',
  intro: 'Os cliques do nosso site para a sua loja, contados uma vez por visitante e oferta (sem bots nem repetições).',
  utc: 'Os dias e os meses são dias e meses UTC.',
  choose: 'Escolha o período',
  month: 'Mês',
  chart: 'Gráfico diário',
  lastDays: 'Últimos {{days}} dias',
  show: 'Mostrar',
  monthTotal: 'Cliques em {{month}}',
  chartTotal: 'Cliques nos últimos {{days}} dias',
  perDay: 'Cliques por dia, últimos {{days}} dias',
  products: 'Produtos em {{month}}',
  productsNote: 'Os 100 produtos mais clicados do mês; o CSV contém todos os {{count}}.',
  productsNoteAll: 'Todos os produtos clicados no mês.',
  countries: 'Países em {{month}}',
  days: 'Dias de {{month}}',
  rank: 'Posição',
  product: 'Produto',
  country: 'País',
  day: 'Dia',
  clicks: 'Cliques',
  unknownCountry: 'Desconhecido',
  noClicks: 'Nenhum clique neste mês.',
  download: 'Descarregar {{month}} (CSV)',
  downloadNote: 'Uma só tabela: uma linha por dia, produto e país do mês, a secção na primeira coluna.',
  errors: {
    month: 'Escolha um dos meses da lista.',
    days: 'Escolha 7, 30 ou 90 dias.',
  },
};

export default clickReport;
