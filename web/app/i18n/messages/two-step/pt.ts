import type { TwoStepMessages } from './en';

/** Português: o início de sessão em dois passos. */
const twoStep: TwoStepMessages = {
  title: 'Início de sessão em dois passos',
  pageIntro:
    'Abra a sua aplicação de autenticação e introduza o código de seis dígitos que ela mostra para pricecompare.',
  code: 'Código',
  codeHint: 'Perdeu o telemóvel? Introduza antes um dos seus códigos de recuperação, como abcde-fghij.',
  submit: 'Continuar',
  signInAgain: 'Este início de sessão expirou. Inicie sessão novamente.',
  logInAgain: 'Iniciar sessão novamente',
  wrongCode: 'Esse código não está correto.',
  wrongCodeAttempts: 'Esse código não está correto. Tentativas restantes: {{count}}.',
  recoveryUsed:
    'Iniciou sessão com um código de recuperação. Códigos de recuperação restantes: {{count}}. Se perdeu o telemóvel, desative abaixo o início de sessão em dois passos e configure-o de novo no novo telemóvel.',
  intro:
    'Depois da palavra-passe, o início de sessão pede um código de uma aplicação de autenticação no seu telemóvel, como o Google Authenticator, o Microsoft Authenticator ou o Aegis. Quem descobrir a sua palavra-passe continua sem conseguir entrar.',
  isOff: 'O início de sessão em dois passos está desativado.',
  setUp: 'Configurar',
  setupStarted: 'Leia o código QR com a sua aplicação de autenticação e introduza depois o código que ela mostra.',
  scanTitle: 'Adicione a sua conta à aplicação',
  qrLabel: 'Código QR para a sua aplicação de autenticação',
  typeKey: 'Não consegue lê-lo? Adicione a conta na aplicação escrevendo esta chave:',
  confirmIntro: 'Depois introduza o código de seis dígitos que a aplicação mostra para pricecompare.',
  appCode: 'Código da aplicação',
  appOrRecoveryCode: 'Código da aplicação, ou um código de recuperação',
  turnOn: 'Ativar',
  turnedOn: 'O início de sessão em dois passos está ativado.',
  recoveryTitle: 'Os seus códigos de recuperação',
  recoveryNote:
    'Cada código permite-lhe iniciar sessão uma vez sem a aplicação, se perder o telemóvel. Guarde-os num local seguro, como um gestor de palavras-passe ou em papel: só são mostrados desta vez.',
  copy: 'Copiar os códigos',
  copied: 'Os códigos foram copiados.',
  copyFailed: 'Não foi possível copiar. Selecione os códigos e copie-os.',
  onSince: 'Ativado desde {{date}}.',
  codesLeft: 'Códigos de recuperação restantes: {{count}}.',
  renewIntro: 'Os novos códigos de recuperação substituem os anteriores.',
  renew: 'Novos códigos de recuperação',
  renewed: 'Aqui estão os seus novos códigos de recuperação. Os anteriores já não funcionam.',
  offIntro:
    'Para o desativar, precisa da sua palavra-passe e de um código da aplicação, ou de um código de recuperação.',
  turnOff: 'Desativar',
  turnedOff: 'O início de sessão em dois passos está desativado.',
  noSetup: 'A configuração expirou. Introduza a sua palavra-passe para recomeçar.',
  alreadyOn: 'O início de sessão em dois passos já está ativado.',
  alreadyOff: 'O início de sessão em dois passos já está desativado.',
  codeFormat: 'Introduza os seis dígitos que a aplicação mostra.',
  codeOrRecoveryFormat: 'Introduza os seis dígitos da aplicação, ou um código de recuperação.',
};

export default twoStep;
