/** The words of accounts' e-mails, per interface language (English is the fallback, spec §1). */
export interface MailTexts {
  readonly verifySubject: string;
  readonly verifyBody: (name: string) => string;
  readonly verifyAction: string;
  readonly resetSubject: string;
  readonly resetBody: (minutes: number) => string;
  readonly resetAction: string;
  readonly resetIgnore: string;
  readonly noAccountSubject: string;
  readonly noAccountBody: string;
  readonly greeting: (name: string) => string;
}

const en: MailTexts = {
  verifySubject: 'Verify your email address',
  verifyBody: () => 'Please confirm your email address with the link below. Check your email first: the link is only valid for a limited time.',
  verifyAction: 'Verify email address',
  resetSubject: 'Reset your password',
  resetBody: (minutes) => `You asked to reset your password. This link expires in ${minutes} minutes.`,
  resetAction: 'Reset password',
  resetIgnore: 'If you did not ask for this, ignore this email: your password stays as it is.',
  noAccountSubject: 'Password reset requested',
  noAccountBody: 'Someone asked to reset the password for this address, but there is no user with that email. If it was you, you may have signed up with another address.',
  greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
};

const de: MailTexts = {
  verifySubject: 'Bestätigen Sie Ihre E-Mail-Adresse',
  verifyBody: () => 'Bitte bestätigen Sie Ihre E-Mail-Adresse mit dem Link unten. Der Link ist nur begrenzt gültig.',
  verifyAction: 'E-Mail-Adresse bestätigen',
  resetSubject: 'Passwort zurücksetzen',
  resetBody: (minutes) => `Sie haben verlangt, Ihr Passwort zurückzusetzen. Dieser Link läuft in ${minutes} Minuten ab.`,
  resetAction: 'Passwort zurücksetzen',
  resetIgnore: 'Wenn Sie das nicht verlangt haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
  noAccountSubject: 'Zurücksetzen des Passworts verlangt',
  noAccountBody: 'Jemand hat verlangt, das Passwort für diese Adresse zurückzusetzen, aber es gibt keinen Benutzer mit dieser E-Mail-Adresse.',
  greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
};

const fr: MailTexts = {
  verifySubject: 'Confirmez votre adresse e-mail',
  verifyBody: () => 'Veuillez confirmer votre adresse e-mail avec le lien ci-dessous. Le lien n’est valable que pour une durée limitée.',
  verifyAction: 'Confirmer l’adresse e-mail',
  resetSubject: 'Réinitialiser votre mot de passe',
  resetBody: (minutes) => `Vous avez demandé la réinitialisation de votre mot de passe. Ce lien expire dans ${minutes} minutes.`,
  resetAction: 'Réinitialiser le mot de passe',
  resetIgnore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
  noAccountSubject: 'Réinitialisation du mot de passe demandée',
  noAccountBody: 'Quelqu’un a demandé la réinitialisation du mot de passe de cette adresse, mais aucun utilisateur n’a cette adresse e-mail.',
  greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
};

const BY_LANGUAGE: Readonly<Record<string, MailTexts>> = { en, de, fr };

export const mailTexts = (language: string): MailTexts => BY_LANGUAGE[language] ?? en;
