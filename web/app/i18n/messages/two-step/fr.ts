import type { TwoStepMessages } from './en';

/** Français : la connexion en deux étapes. */
const twoStep: TwoStepMessages = {
  title: 'Connexion en deux étapes',
  pageIntro:
    'Ouvrez votre application d’authentification et saisissez le code à six chiffres qu’elle affiche pour pricecompare.',
  code: 'Code',
  codeHint: 'Téléphone perdu ? Saisissez plutôt l’un de vos codes de récupération, par exemple abcde-fghij.',
  submit: 'Continuer',
  signInAgain: 'Cette connexion a expiré. Veuillez vous connecter à nouveau.',
  logInAgain: 'Se connecter à nouveau',
  wrongCode: 'Ce code n’est pas le bon.',
  wrongCodeAttempts: 'Ce code n’est pas le bon. Essais restants : {{count}}.',
  recoveryUsed:
    'Vous vous êtes connecté avec un code de récupération. Codes de récupération restants : {{count}}. Si vous avez perdu votre téléphone, désactivez la connexion en deux étapes ci-dessous et configurez-la à nouveau sur votre nouveau téléphone.',
  intro:
    'Après votre mot de passe, la connexion demande un code d’une application d’authentification sur votre téléphone, comme Google Authenticator, Microsoft Authenticator ou Aegis. Quelqu’un qui apprend votre mot de passe ne peut toujours pas se connecter.',
  isOff: 'La connexion en deux étapes est désactivée.',
  setUp: 'Configurer',
  setupStarted: 'Scannez le code QR avec votre application d’authentification, puis saisissez le code qu’elle affiche.',
  scanTitle: 'Ajoutez votre compte à l’application',
  qrLabel: 'Code QR pour votre application d’authentification',
  typeKey: 'Impossible de le scanner ? Ajoutez le compte dans l’application en saisissant cette clé :',
  confirmIntro: 'Saisissez ensuite le code à six chiffres que l’application affiche pour pricecompare.',
  appCode: 'Code de l’application',
  appOrRecoveryCode: 'Code de l’application, ou un code de récupération',
  turnOn: 'Activer',
  turnedOn: 'La connexion en deux étapes est activée.',
  recoveryTitle: 'Vos codes de récupération',
  recoveryNote:
    'Chaque code vous connecte une fois sans l’application, si vous perdez votre téléphone. Gardez-les en lieu sûr, par exemple dans un gestionnaire de mots de passe ou sur papier : ils ne sont affichés que cette fois.',
  copy: 'Copier les codes',
  copied: 'Les codes sont copiés.',
  copyFailed: 'La copie n’a pas fonctionné. Veuillez sélectionner les codes et les copier.',
  onSince: 'Activée depuis le {{date}}.',
  codesLeft: 'Codes de récupération restants : {{count}}.',
  renewIntro: 'De nouveaux codes de récupération remplacent les précédents.',
  renew: 'Nouveaux codes de récupération',
  renewed: 'Voici vos nouveaux codes de récupération. Les précédents ne fonctionnent plus.',
  offIntro: 'La désactiver demande votre mot de passe et un code de l’application, ou un code de récupération.',
  turnOff: 'Désactiver',
  turnedOff: 'La connexion en deux étapes est désactivée.',
  noSetup: 'La configuration a expiré. Saisissez votre mot de passe pour recommencer.',
  alreadyOn: 'La connexion en deux étapes est déjà activée.',
  alreadyOff: 'La connexion en deux étapes est déjà désactivée.',
  codeFormat: 'Saisissez les six chiffres que l’application affiche.',
  codeOrRecoveryFormat: 'Saisissez les six chiffres de l’application, ou un code de récupération.',
};

export default twoStep;
