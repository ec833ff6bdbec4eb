import type { AccountMessages } from './en';

/** Português: os textos da área de conta. */
const account: AccountMessages = {
  auth: {
    loginTitle: 'Iniciar sessão', registerTitle: 'Criar uma conta', email: 'E-mail', password: 'Palavra-passe', passwordConfirmation: 'Confirmar palavra-passe',
    name: 'Nome', phone: 'Telefone (opcional)', remember: 'Lembrar-me', forgot: 'Esqueceu a palavra-passe?', submitLogin: 'Iniciar sessão', submitRegister: 'Criar conta',
    noAccount: 'Ainda sem conta?', registerLink: 'Registar', haveAccount: 'Já está registado?', loginLink: 'Iniciar sessão', social: 'Ou continue com',
    terms: 'Li e aceito os termos e condições e os termos de listagem.', logout: 'Terminar sessão',
    failed: 'Estas credenciais não correspondem aos nossos registos.', throttled: 'Demasiadas tentativas. Tente novamente dentro de {{seconds}} segundos.',
    registered: 'Verifique o seu e-mail: enviámos-lhe uma mensagem para concluir o registo. Depois inicie sessão aqui.', emailRestored: 'O seu endereço de e-mail foi reposto e todas as sessões foram terminadas. Enviámos-lhe um link para escolher uma nova palavra-passe.', restoreFailed: 'Este link é inválido ou expirou.', tokenInvalid: 'Este link de reposição da palavra-passe é inválido ou expirou.',
  },
  validation: {
    required: 'Este campo é obrigatório.', email: 'Introduza um e-mail válido.', max: 'É demasiado longo.', passwordMin: 'Pelo menos 6 caracteres.',
    confirmed: 'As palavras-passe não coincidem.', accepted: 'Aceite os termos.', phone: 'Introduza um número de telefone válido.', unique: 'Isto já está a ser usado.',
    invalid: 'Este valor não é válido.', confirm: 'Confirme, por favor.', price: 'Introduza um preço, por exemplo 249.90.', percent: 'Introduza um número inteiro de 1 a 99.',
  },
  account: {
    title: 'A sua conta', favourites: 'Os seus favoritos', alerts: 'Os seus alertas de preço', sections: 'Secções da conta', overview: 'Resumo',
    profile: 'Perfil', memberSince: 'membro desde {{date}}', language: 'Idioma dos e-mails e notificações',
    saveProfile: 'Guardar perfil', profileSaved: 'O seu perfil foi guardado.', emailChanged: 'O seu perfil foi guardado. Confirme {{email}} com o link que lá enviámos. Avisámos o seu endereço anterior, que pode anular a alteração.',
    passwordTitle: 'Palavra-passe', currentPassword: 'Palavra-passe atual', passwordForEmail: 'Palavra-passe atual (necessária para alterar o e-mail)', changePassword: 'Alterar palavra-passe',
    passwordChanged: 'A sua palavra-passe foi alterada. A sessão foi terminada em todos os outros locais.', wrongPassword: 'A palavra-passe não está correta.',
    businessTitle: 'Conta empresarial', businessIntro: 'Os lojistas listam as suas lojas com uma conta empresarial.', company: 'Empresa',
    enableBusiness: 'Abrir uma conta empresarial', businessEnabled: 'Tem agora uma conta empresarial para {{company}}.', businessActive: 'Tem uma conta empresarial para {{company}}.',
    deleteTitle: 'Eliminar conta', deleteWarning: 'Isto elimina a sua conta com os favoritos e alertas de preço. Não pode ser desfeito.',
    deleteConfirm: 'Compreendo que isto não pode ser desfeito.', deleteSubmit: 'Eliminar a minha conta',
  },
  verify: {
    unverified: 'Consulte primeiro o seu e-mail: confirme o endereço com o link que lhe enviámos.', resend: 'Enviar um novo link',
    resent: 'Foi enviado um novo link de confirmação para o seu e-mail.', throttled: 'Enviámos um link há instantes. Tente novamente dentro de {{seconds}} segundos.',
    done: 'Obrigado: o seu e-mail está confirmado.', failed: 'Este link de confirmação é inválido ou expirou. Peça um novo abaixo.',
    already: 'O seu e-mail já está confirmado.', verifiedBadge: 'E-mail confirmado', unverifiedBadge: 'E-mail ainda não confirmado',
  },
  password: {
    requestTitle: 'Esqueceu a palavra-passe?', requestIntro: 'Introduza o e-mail da sua conta e enviaremos um link para escolher uma nova palavra-passe.',
    requestSubmit: 'Enviar link de reposição', linkEmailed: 'Enviámos o link de reposição da palavra-passe. É válido durante {{minutes}} minutos.',
    throttled: 'Enviámos um link há instantes. Tente novamente dentro de {{seconds}} segundos.', resetTitle: 'Escolher uma nova palavra-passe', new: 'Nova palavra-passe',
    rules: 'As palavras-passe devem ter pelo menos seis caracteres e coincidir com a confirmação.', resetSubmit: 'Repor palavra-passe', done: 'A sua palavra-passe foi reposta.',
    requestAgain: 'Pedir um novo link de reposição',
  },
  favourites: {
    title: 'Favoritos', all: 'Todos os favoritos', list: 'Lista: {{name}}', signInPrompt: 'Inicie sessão para guardar favoritos e vê-los em todos os dispositivos.',
    empty: 'Ainda sem favoritos.', signIn: 'Iniciar sessão', recentlyViewedHint: 'Os produtos vistos recentemente estão na página inicial.',
    manage: 'Gerir listas', lists: 'As suas listas', public: 'Pública', sharedList: 'Uma lista partilhada consigo.', newList: 'Nova lista', makePublic: 'Quem tiver o link pode ver esta lista',
    createList: 'Criar lista', renameList: 'Mudar o nome ou partilhar', listName: 'Nome da lista', saveList: 'Guardar lista', listSaved: 'A lista foi guardada.', deleteList: 'Eliminar esta lista',
    view: 'Abrir a página da lista', publicLink: 'Abrir a página pública da lista', emptyList: 'Esta lista está vazia. Adicione produtos com o coração numa página de produto.',
    remove: 'Remover', removeProduct: 'Remover {{name}} desta lista', removed: 'O produto foi removido.', addTitle: 'Adicionar {{name}} aos seus favoritos',
    toList: 'Lista', add: 'Adicionar', added: 'Adicionado a {{list}}.', tooManyLists: 'Atingiu o número máximo de listas. Elimine uma primeiro.',
    defaultList: 'A sua lista principal não pode ser eliminada.', listFull: 'Esta lista está cheia.',
  },
  alerts: {
    yours: 'Os seus alertas', createFor: 'Novo alerta de preço para {{name}}', currentPrice: 'Agora', country: 'País', kind: 'Avisar-me quando',
    kinds: { target_price: 'o preço atingir ou ficar abaixo do meu objetivo', percentage_drop: 'o preço descer uma percentagem', back_in_stock: 'voltar a estar disponível' },
    targetPrice: 'Preço-alvo ({{currency}})', dropPercent: 'Descida em percentagem', rearmAutomatically: 'Voltar a vigiar quando a condição deixar de se verificar',
    byEmail: 'Avisar-me também por e-mail', create: 'Criar alerta', created: 'O seu alerta de preço foi criado.',
    firedOnCreation: 'O seu alerta de preço foi criado e o preço já o cumpre: disparou de imediato.',
    conditions: { target_price: 'a {{price}} ou menos', percentage_drop: '{{percent}}% abaixo de {{price}}', back_in_stock: 'novamente disponível' },
    states: { armed: 'À espera', fired: 'Disparado', paused: 'Em pausa' }, firedAt: 'disparado em {{date}}',
    rearm: 'Reativar', rearmProduct: 'Reativar o alerta de {{name}}', rearmed: 'O alerta está novamente à espera.', firedOnRearm: 'O preço já cumpre o alerta: disparou novamente de imediato.',
    delete: 'Eliminar', deleteProduct: 'Eliminar o alerta de {{name}}', deleted: 'O alerta foi eliminado.',
    empty: 'Ainda sem alertas de preço. Use o botão de alerta de preço numa página de produto.', exists: 'Já tem este alerta para este produto e país.',
    tooMany: 'Atingiu o número máximo de alertas. Elimine um primeiro.',
  },
  push: {
    title: 'Notificações push', unsupported: 'Este navegador não suporta notificações push.', needsScript: 'As notificações push precisam de JavaScript.',
    helperText: 'Permita as notificações e avisamos assim que um preço descer.', helperButton: 'Permitir notificações',
    enable: 'Ativar notificações', disable: 'Desativar notificações', on: 'As notificações estão ativas neste navegador.', off: 'As notificações estão desativadas neste navegador.',
    welcomeTitle: 'Notificações ativas', welcomeBody: 'Avisamos quando um preço descer.',
    testTitle: 'Enviar uma notificação de teste', username: 'Nome de utilizador', message: 'Mensagem', send: 'Enviar',
    sent: 'Enviada: {{n}} navegadores receberam-na.', noSubscription: 'Nenhum navegador tem notificações ativas para este nome de utilizador.', rateLimited: 'Foram muitos testes. Aguarde um minuto.',
  },
};

export default account;
