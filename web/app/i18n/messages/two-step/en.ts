/**
 * English texts of two-step sign-in (ADR 153): the code page of a sign-in and the account page's
 * section. The reference the other languages' two-step files follow; the `twoStep` namespace.
 */
const twoStep = {
  title: 'Two-step sign-in',
  // The code page of a sign-in.
  pageIntro: 'Open your authenticator app and enter the six-digit code it shows for pricecompare.',
  code: 'Code',
  codeHint: 'Lost your phone? Enter one of your recovery codes instead, such as abcde-fghij.',
  submit: 'Continue',
  signInAgain: 'That sign-in has expired. Please log in again.',
  logInAgain: 'Log in again',
  wrongCode: 'That code is not right.',
  wrongCodeAttempts: 'That code is not right. Attempts left: {{count}}.',
  recoveryUsed:
    'You signed in with a recovery code. Recovery codes left: {{count}}. If you lost your phone, turn two-step sign-in off below and set it up again on your new phone.',
  // The account page's section.
  intro:
    'After your password, signing in asks for a code from an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or Aegis. Someone who learns your password still cannot sign in.',
  isOff: 'Two-step sign-in is off.',
  setUp: 'Set up',
  setupStarted: 'Scan the QR code with your authenticator app, then enter the code it shows.',
  scanTitle: 'Add your account to the app',
  qrLabel: 'QR code for your authenticator app',
  typeKey: 'Cannot scan it? Add the account in the app by typing this key:',
  confirmIntro: 'Then enter the six-digit code the app shows for pricecompare.',
  appCode: 'Code from the app',
  appOrRecoveryCode: 'Code from the app, or a recovery code',
  turnOn: 'Turn on',
  turnedOn: 'Two-step sign-in is on.',
  recoveryTitle: 'Your recovery codes',
  recoveryNote:
    'Each code signs you in once without the app, if you lose your phone. Keep them somewhere safe, such as a password manager or on paper: they are shown only this once.',
  copy: 'Copy the codes',
  copied: 'The codes are copied.',
  copyFailed: 'Copying did not work. Please select the codes and copy them.',
  onSince: 'On since {{date}}.',
  codesLeft: 'Recovery codes left: {{count}}.',
  renewIntro: 'New recovery codes replace the earlier ones.',
  renew: 'New recovery codes',
  renewed: 'Here are your new recovery codes. The earlier ones no longer work.',
  offIntro: 'Turning it off needs your password and a code from the app, or a recovery code.',
  turnOff: 'Turn off',
  turnedOff: 'Two-step sign-in is off.',
  noSetup: 'The setup has expired. Enter your password to start again.',
  alreadyOn: 'Two-step sign-in is on already.',
  alreadyOff: 'Two-step sign-in is off already.',
  codeFormat: 'Enter the six digits the app shows.',
  codeOrRecoveryFormat: 'Enter the six digits the app shows, or a recovery code.',
};

export default twoStep;

export type TwoStepMessages = typeof twoStep;
