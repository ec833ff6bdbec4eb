import type { TwoStepMessages } from './en';

/** Español: el inicio de sesión en dos pasos. */
const twoStep: TwoStepMessages = {
  title: 'Inicio de sesión en dos pasos',
  pageIntro: 'Abre tu aplicación de autenticación e introduce el código de seis cifras que muestra para pricecompare.',
  code: 'Código',
  codeHint: '¿Has perdido el teléfono? Introduce en su lugar uno de tus códigos de recuperación, como abcde-fghij.',
  submit: 'Continuar',
  signInAgain: 'Este inicio de sesión ha caducado. Vuelve a iniciar sesión.',
  logInAgain: 'Volver a iniciar sesión',
  wrongCode: 'Ese código no es correcto.',
  wrongCodeAttempts: 'Ese código no es correcto. Intentos restantes: {{count}}.',
  recoveryUsed:
    'Has iniciado sesión con un código de recuperación. Códigos de recuperación restantes: {{count}}. Si has perdido el teléfono, desactiva abajo el inicio de sesión en dos pasos y vuelve a configurarlo en tu nuevo teléfono.',
  intro:
    'Después de la contraseña, el inicio de sesión pide un código de una aplicación de autenticación en tu teléfono, como Google Authenticator, Microsoft Authenticator o Aegis. Quien averigüe tu contraseña seguirá sin poder iniciar sesión.',
  isOff: 'El inicio de sesión en dos pasos está desactivado.',
  setUp: 'Configurar',
  setupStarted: 'Escanea el código QR con tu aplicación de autenticación y luego introduce el código que muestra.',
  scanTitle: 'Añade tu cuenta a la aplicación',
  qrLabel: 'Código QR para tu aplicación de autenticación',
  typeKey: '¿No puedes escanearlo? Añade la cuenta en la aplicación escribiendo esta clave:',
  confirmIntro: 'Luego introduce el código de seis cifras que la aplicación muestra para pricecompare.',
  appCode: 'Código de la aplicación',
  appOrRecoveryCode: 'Código de la aplicación, o un código de recuperación',
  turnOn: 'Activar',
  turnedOn: 'El inicio de sesión en dos pasos está activado.',
  recoveryTitle: 'Tus códigos de recuperación',
  recoveryNote:
    'Cada código te permite iniciar sesión una vez sin la aplicación, si pierdes el teléfono. Guárdalos en un lugar seguro, como un gestor de contraseñas o en papel: solo se muestran esta vez.',
  copy: 'Copiar los códigos',
  copied: 'Los códigos se han copiado.',
  copyFailed: 'No se pudieron copiar. Selecciona los códigos y cópialos.',
  onSince: 'Activado desde el {{date}}.',
  codesLeft: 'Códigos de recuperación restantes: {{count}}.',
  renewIntro: 'Los nuevos códigos de recuperación sustituyen a los anteriores.',
  renew: 'Nuevos códigos de recuperación',
  renewed: 'Estos son tus nuevos códigos de recuperación. Los anteriores ya no sirven.',
  offIntro: 'Para desactivarlo necesitas tu contraseña y un código de la aplicación, o un código de recuperación.',
  turnOff: 'Desactivar',
  turnedOff: 'El inicio de sesión en dos pasos está desactivado.',
  noSetup: 'La configuración ha caducado. Introduce tu contraseña para empezar de nuevo.',
  alreadyOn: 'El inicio de sesión en dos pasos ya está activado.',
  alreadyOff: 'El inicio de sesión en dos pasos ya está desactivado.',
  codeFormat: 'Introduce las seis cifras que muestra la aplicación.',
  codeOrRecoveryFormat: 'Introduce las seis cifras de la aplicación, o un código de recuperación.',
};

export default twoStep;
