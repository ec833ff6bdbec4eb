import type { BusinessMessages } from './en';

/** Português: a área empresarial. */
const business: BusinessMessages = {
  nav: 'Empresas',
  title: 'Painel empresarial',
  required: 'Abra primeiro uma conta empresarial: depois pode registar lojas.',
  welcome: 'A sua conta empresarial está aberta. Registe a sua primeira loja.',
  open: 'Abrir o painel empresarial',
  shops: {
    title: 'As suas lojas', empty: 'Ainda não há lojas registadas.', register: 'Registar uma loja', name: 'Loja', stage: 'Estado',
    clicksToday: 'Cliques hoje', clicksMonth: 'Cliques este mês', clicksUnavailable: 'indisponível de momento', settings: 'Definições',
    settingsOf: 'Definições de {{name}}', confirmed: 'Confirmada', notConfirmed: 'Não confirmada', offers: 'Ofertas',
    stages: {
      awaitingPayment: 'A aguardar método de pagamento', subscriptionStarted: 'Assinatura iniciada', feedsAnalysed: 'Feeds de produtos analisados',
      active: 'Ativada', suspendedPayment: 'Suspensa: falta o pagamento', suspendedStaff: 'Suspensa pela nossa equipa',
    },
    hints: {
      awaitingPayment: 'Adicione um cartão e inicie a assinatura.', subscriptionStarted: 'Estamos a analisar os seus feeds de produtos.',
      feedsAnalysed: 'Entraremos em contacto quando a sua loja estiver pronta.', active: 'As suas ofertas são mostradas.',
      suspendedPayment: 'As suas ofertas não são mostradas. Atualize o seu cartão ou inicie novamente a assinatura.', suspendedStaff: 'As suas ofertas não são mostradas. Contacte-nos, por favor.',
    },
    subscribe: 'Iniciar a assinatura', subscribeFor: 'Iniciar a assinatura para {{name}}', plan: 'Plano',
  },
  plans: { month: '{{price}} por loja e por mês', year: '{{price}} por loja e por ano', vat: 'Preços sem IVA de 8,1 %.' },
  subscription: {
    title: 'Assinatura', none: 'Ainda não há assinatura. Começa com a sua primeira loja.', plan: 'Plano: {{plan}}', shops: 'Lojas: {{n}}',
    renews: 'Renova-se a {{date}}', endsOn: 'Termina a {{date}}', cancel: 'Cancelar no fim do período',
    canceled: 'A sua assinatura termina no fim do período atual.', alreadyCanceled: 'A assinatura já está cancelada.',
    statuses: { incomplete: 'A aguardar o primeiro pagamento', active: 'Ativa', pastDue: 'Pagamento em atraso: vamos tentar novamente', unpaid: 'Por pagar', canceled: 'Cancelada', expired: 'Expirada' },
  },
  card: {
    title: 'Cartão de pagamento', none: 'Nenhum cartão registado.', onFile: '{{brand}} terminado em {{last4}}, expira em {{expires}}', add: 'Adicionar um cartão', replace: 'Substituir o cartão',
    continueHint: 'Introduz o seu cartão na página segura do fornecedor de pagamentos: o número nunca chega aos nossos servidores.', continue: 'Continuar para o formulário do cartão',
    elements: 'Introduza o seu cartão abaixo. Vai diretamente para o nosso fornecedor de pagamentos.', save: 'Guardar o cartão', needsScript: 'Para introduzir um cartão aqui é preciso JavaScript.',
  },
  payment: {
    subscriptionStarted: 'Assinatura iniciada com sucesso. Entraremos em contacto quando a sua loja estiver pronta.', cardUpdated: 'Cartão atualizado com sucesso.',
    needs3ds: 'O seu cartão requer 3D Secure: confirme o pagamento junto do seu banco.', authenticate: 'Continuar para 3D Secure',
    paymentDeclined: 'Pagamento recusado. Experimente outro cartão.', cardError: 'Indique um método de pagamento válido.', processing: 'O seu pagamento está a ser processado.',
    alreadySubscribed: 'Esta loja já tem assinatura.', incomplete: 'Conclua primeiro o primeiro pagamento da sua assinatura: adicione um cartão que funcione.',
    planMismatch: 'Todas as suas lojas têm o mesmo plano: escolha o plano da sua assinatura.', notAwaiting: 'Esta loja não está à espera de uma assinatura.',
  },
  invoices: {
    title: 'Faturas', empty: 'Ainda não há faturas.', number: 'Fatura', date: 'Data', amount: 'Montante', status: 'Estado',
    paid: 'Paga', unpaid: 'Por pagar', void: 'Anulada', download: 'Descarregar', downloadLabel: 'Descarregar a fatura {{number}}',
  },
  register: {
    title: 'Registar uma loja', intro: 'Fale-nos da sua loja. Depois de a registar, adicione um cartão e inicie a assinatura; depois analisamos os seus feeds de produtos.',
    submit: 'Registar a loja', done: 'A sua loja {{name}} está registada. A seguir: adicione um cartão e inicie a assinatura.',
    alreadyRegistered: 'Esta loja já está registada.', shopSection: 'Loja', addressSection: 'Morada', contactSection: 'Contacto',
    feedHint: 'CSV (preferido) ou XML com número de artigo, nome com marca, GTIN/EAN ou referência do fabricante, preço em CHF com impostos e a ligação para a página do produto. Também pode adicionar feeds mais tarde.',
    terms: 'Li e aceito os termos e condições e as condições de listagem.', optional: 'opcional',
  },
  fields: {
    name: 'Nome da loja', homepage: 'URL', company: 'Empresa', commercial_register_number: 'Número do registo comercial', line1: 'Morada',
    line2: 'Complemento de morada', zip_code: 'Código postal', city: 'Cidade', country: 'País', phone: 'Telefone', email: 'E-mail', feed_url: 'Feed de produtos',
  },
  validation: {
    postalCode: 'Introduza um código postal válido do país escolhido.', phone: 'Introduza um número de telefone válido, por exemplo +41 44 123 45 67.',
    url: 'Introduza um URL válido que comece por http:// ou https://.', parameterName: 'Use apenas letras, algarismos e - _ . ~.', parameterTwice: 'Cada nome só uma vez.',
  },
  feeds: {
    title: 'Feeds de produtos', empty: 'Ainda não há feeds de produtos. Adicione pelo menos um para mostrar ofertas.', url: 'URL do feed', format: 'Formato',
    formats: { detect: 'Detetar automaticamente', csv: 'CSV', tsv: 'TSV', google: 'XML do Google Merchant' },
    add: 'Adicionar feed', added: 'O feed foi adicionado. É analisado quando a sua assinatura tiver começado.', save: 'Guardar feed', saved: 'O feed foi guardado.',
    delete: 'Eliminar feed', deleteLabel: 'Eliminar o feed {{url}}', deleted: 'O feed foi eliminado.', enabled: 'Obter este feed',
    analyse: 'Analisar agora', analyseLabel: 'Analisar agora o feed {{url}}', analysing: 'O feed está a ser analisado. O relatório aparece aqui dentro de momentos.',
    analyseLater: 'Os feeds são analisados quando a assinatura tiver começado.', analyseUnavailable: 'A análise não pode ser iniciada de momento. Tente mais tarde.',
    statuses: { pending: 'A aguardar a análise', active: 'Lido com sucesso', failing: 'Com erros', disabled: 'Não é obtido' },
    lastAnalysis: 'Última análise a {{date}}', report: '{{valid}} de {{total}} produtos utilizáveis, {{invalid}} rejeitados', notAnalysed: 'Ainda não analisado.',
    httpStatus: 'Estado HTTP {{status}}', issues: 'Primeiros problemas encontrados', edit: 'Editar',
  },
  parameters: {
    title: 'Parâmetros de URL', intro: 'Acrescentados a cada ligação que leva um visitante à sua loja, por exemplo utm_source=pricecompare.',
    name: 'Nome', value: 'Valor', row: 'Parâmetro {{n}}', save: 'Guardar os parâmetros de URL', saved: 'Os parâmetros de URL foram guardados.',
  },
  deleteShop: {
    title: 'Eliminar loja', warning: 'Isto elimina a loja com as suas ofertas, feeds e parâmetros de URL. Não é possível anular.',
    confirm: 'Compreendo que não é possível anular.', submit: 'Eliminar loja', done: 'A loja foi eliminada.',
  },
  deleteAccount: {
    title: 'Eliminar a conta empresarial', warning: 'Isto cancela a sua assinatura de imediato e elimina todas as suas lojas com as suas ofertas, e a sua conta. Não é possível anular.',
  },
  details: { title: 'Dados da loja', registeredAt: 'Registada a {{date}}', homepage: 'Website' },
  back: 'Voltar ao painel empresarial',
};

export default business;
