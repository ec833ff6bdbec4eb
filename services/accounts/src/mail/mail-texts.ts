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
  readonly alreadyRegisteredSubject: string;
  readonly alreadyRegisteredBody: string;
  readonly alreadyRegisteredAction: string;
  readonly emailChangedSubject: string;
  readonly emailChangedBody: (newEmail: string) => string;
  readonly emailChangedUndo: (hours: number) => string;
  readonly emailChangedAction: string;
  readonly greeting: (name: string) => string;
  readonly newSignInSubject: string;
  /** "Chrome on Windows" (either may be empty: `device` then says what is known). */
  readonly device: (browser: string, system: string) => string;
  readonly newSignInBody: (device: string, when: string, ip: string) => string;
  readonly newSignInAdvice: string;
  readonly newSignInAction: string;
}

/** A browser's name from what is known of it; `unknown` when nothing is. */
const deviceFrom =
  (joined: (browser: string, system: string) => string, unknown: string) => (browser: string, system: string) =>
    browser && system ? joined(browser, system) : browser || system || unknown;

const en: MailTexts = {
  verifySubject: 'Verify your email address',
  verifyBody: () =>
    'Please confirm your email address with the link below. Check your email first: the link is only valid for a limited time.',
  verifyAction: 'Verify email address',
  resetSubject: 'Reset your password',
  resetBody: (minutes) => `You asked to reset your password. This link expires in ${minutes} minutes.`,
  resetAction: 'Reset password',
  resetIgnore: 'If you did not ask for this, ignore this email: your password stays as it is.',
  noAccountSubject: 'Password reset requested',
  noAccountBody:
    'Someone asked to reset the password for this address, but there is no user with that email. If it was you, you may have signed up with another address.',
  alreadyRegisteredSubject: 'You already have an account',
  alreadyRegisteredBody:
    'Someone tried to create an account with this address, which already has one. If it was you, sign in, or reset your password if you forgot it. If it was not you, ignore this email: nothing has changed.',
  alreadyRegisteredAction: 'Reset password',
  emailChangedSubject: 'Your email address was changed',
  emailChangedBody: (newEmail) => `The email address of your account was changed to ${newEmail}.`,
  emailChangedUndo: (hours) =>
    `If you did not do this, undo it within ${hours} hours with the link below: this address is restored, every session is signed out and you set a new password.`,
  emailChangedAction: 'Undo the change',
  greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
  newSignInSubject: 'New sign-in to your account',
  device: deviceFrom((browser, system) => `${browser} on ${system}`, 'an unknown browser'),
  newSignInBody: (device, when, ip) =>
    `Your account was signed in from ${device} on ${when}${ip ? ` (IP address ${ip})` : ''}, a browser it had not been signed in from before.`,
  newSignInAdvice:
    'If this was you, there is nothing to do. If not, sign that browser out on your account page and change your password.',
  newSignInAction: 'See where you are signed in',
};

const de: MailTexts = {
  verifySubject: 'Bestätigen Sie Ihre E-Mail-Adresse',
  verifyBody: () => 'Bitte bestätigen Sie Ihre E-Mail-Adresse mit dem Link unten. Der Link ist nur begrenzt gültig.',
  verifyAction: 'E-Mail-Adresse bestätigen',
  resetSubject: 'Passwort zurücksetzen',
  resetBody: (minutes) =>
    `Sie haben verlangt, Ihr Passwort zurückzusetzen. Dieser Link läuft in ${minutes} Minuten ab.`,
  resetAction: 'Passwort zurücksetzen',
  resetIgnore: 'Wenn Sie das nicht verlangt haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
  noAccountSubject: 'Zurücksetzen des Passworts verlangt',
  noAccountBody:
    'Jemand hat verlangt, das Passwort für diese Adresse zurückzusetzen, aber es gibt keinen Benutzer mit dieser E-Mail-Adresse.',
  alreadyRegisteredSubject: 'Sie haben bereits ein Konto',
  alreadyRegisteredBody:
    'Jemand wollte mit dieser Adresse ein Konto eröffnen, aber sie hat bereits eines. Wenn Sie es waren, melden Sie sich an oder setzen Sie Ihr Passwort zurück. Wenn nicht, ignorieren Sie diese E-Mail: Es hat sich nichts geändert.',
  alreadyRegisteredAction: 'Passwort zurücksetzen',
  emailChangedSubject: 'Ihre E-Mail-Adresse wurde geändert',
  emailChangedBody: (newEmail) => `Die E-Mail-Adresse Ihres Kontos wurde zu ${newEmail} geändert.`,
  emailChangedUndo: (hours) =>
    `Wenn Sie das nicht waren, machen Sie es innerhalb von ${hours} Stunden mit dem Link unten rückgängig: Diese Adresse gilt wieder, alle Sitzungen werden abgemeldet und Sie setzen ein neues Passwort.`,
  emailChangedAction: 'Änderung rückgängig machen',
  greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
  newSignInSubject: 'Neue Anmeldung bei Ihrem Konto',
  device: deviceFrom((browser, system) => `${browser} unter ${system}`, 'einem unbekannten Browser'),
  newSignInBody: (device, when, ip) =>
    `Ihr Konto wurde am ${when} mit ${device}${ip ? ` (IP-Adresse ${ip})` : ''} angemeldet – mit diesem Browser war es bisher nie angemeldet.`,
  newSignInAdvice:
    'Wenn Sie das waren, ist nichts zu tun. Wenn nicht, melden Sie diesen Browser auf Ihrer Kontoseite ab und ändern Sie Ihr Passwort.',
  newSignInAction: 'Sehen, wo Sie angemeldet sind',
};

const fr: MailTexts = {
  verifySubject: 'Confirmez votre adresse e-mail',
  verifyBody: () =>
    'Veuillez confirmer votre adresse e-mail avec le lien ci-dessous. Le lien n’est valable que pour une durée limitée.',
  verifyAction: 'Confirmer l’adresse e-mail',
  resetSubject: 'Réinitialiser votre mot de passe',
  resetBody: (minutes) =>
    `Vous avez demandé la réinitialisation de votre mot de passe. Ce lien expire dans ${minutes} minutes.`,
  resetAction: 'Réinitialiser le mot de passe',
  resetIgnore:
    'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
  noAccountSubject: 'Réinitialisation du mot de passe demandée',
  noAccountBody:
    'Quelqu’un a demandé la réinitialisation du mot de passe de cette adresse, mais aucun utilisateur n’a cette adresse e-mail.',
  alreadyRegisteredSubject: 'Vous avez déjà un compte',
  alreadyRegisteredBody:
    'Quelqu’un a voulu créer un compte avec cette adresse, qui en a déjà un. Si c’était vous, connectez-vous ou réinitialisez votre mot de passe. Sinon, ignorez cet e-mail : rien n’a changé.',
  alreadyRegisteredAction: 'Réinitialiser le mot de passe',
  emailChangedSubject: 'Votre adresse e-mail a été modifiée',
  emailChangedBody: (newEmail) => `L’adresse e-mail de votre compte a été remplacée par ${newEmail}.`,
  emailChangedUndo: (hours) =>
    `Si ce n’était pas vous, annulez-le dans les ${hours} heures avec le lien ci-dessous : cette adresse est rétablie, toutes les sessions sont fermées et vous choisissez un nouveau mot de passe.`,
  emailChangedAction: 'Annuler la modification',
  greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
  newSignInSubject: 'Nouvelle connexion à votre compte',
  device: deviceFrom((browser, system) => `${browser} sous ${system}`, 'un navigateur inconnu'),
  newSignInBody: (device, when, ip) =>
    `Votre compte a été connecté le ${when} depuis ${device}${ip ? ` (adresse IP ${ip})` : ''}, un navigateur depuis lequel il ne l’avait jamais été.`,
  newSignInAdvice:
    'Si c’était vous, il n’y a rien à faire. Sinon, déconnectez ce navigateur sur votre page de compte et changez votre mot de passe.',
  newSignInAction: 'Voir où vous êtes connecté',
};

const it: MailTexts = {
  verifySubject: 'Conferma il tuo indirizzo e-mail',
  verifyBody: () =>
    'Conferma il tuo indirizzo e-mail con il link qui sotto. Il link è valido solo per un tempo limitato.',
  verifyAction: 'Conferma l’indirizzo e-mail',
  resetSubject: 'Reimposta la password',
  resetBody: (minutes) => `Hai chiesto di reimpostare la password. Questo link scade tra ${minutes} minuti.`,
  resetAction: 'Reimposta la password',
  resetIgnore: 'Se non l’hai chiesto tu, ignora questa e-mail: la tua password resta invariata.',
  noAccountSubject: 'Richiesta di reimpostazione della password',
  noAccountBody:
    'Qualcuno ha chiesto di reimpostare la password per questo indirizzo, ma nessun utente ha questa e-mail. Se eri tu, forse ti sei registrato con un altro indirizzo.',
  alreadyRegisteredSubject: 'Hai già un account',
  alreadyRegisteredBody:
    'Qualcuno ha provato a creare un account con questo indirizzo, che ne ha già uno. Se eri tu, accedi oppure reimposta la password se l’hai dimenticata. Se non eri tu, ignora questa e-mail: non è cambiato nulla.',
  alreadyRegisteredAction: 'Reimposta la password',
  emailChangedSubject: 'Il tuo indirizzo e-mail è stato cambiato',
  emailChangedBody: (newEmail) => `L’indirizzo e-mail del tuo account è stato cambiato in ${newEmail}.`,
  emailChangedUndo: (hours) =>
    `Se non sei stato tu, annulla la modifica entro ${hours} ore con il link qui sotto: questo indirizzo viene ripristinato, tutte le sessioni vengono chiuse e scegli una nuova password.`,
  emailChangedAction: 'Annulla la modifica',
  greeting: (name) => (name ? `Ciao ${name},` : 'Ciao,'),
  newSignInSubject: 'Nuovo accesso al tuo account',
  device: deviceFrom((browser, system) => `${browser} su ${system}`, 'un browser sconosciuto'),
  newSignInBody: (device, when, ip) =>
    `Al tuo account è stato effettuato l’accesso il ${when} da ${device}${ip ? ` (indirizzo IP ${ip})` : ''}, un browser da cui non era mai stato usato.`,
  newSignInAdvice:
    'Se eri tu, non devi fare nulla. Altrimenti disconnetti quel browser dalla pagina del tuo account e cambia la password.',
  newSignInAction: 'Vedi dove hai effettuato l’accesso',
};

const es: MailTexts = {
  verifySubject: 'Confirma tu dirección de correo electrónico',
  verifyBody: () =>
    'Confirma tu dirección de correo electrónico con el enlace de abajo. El enlace solo es válido durante un tiempo limitado.',
  verifyAction: 'Confirmar la dirección de correo',
  resetSubject: 'Restablece tu contraseña',
  resetBody: (minutes) => `Has pedido restablecer tu contraseña. Este enlace caduca en ${minutes} minutos.`,
  resetAction: 'Restablecer la contraseña',
  resetIgnore: 'Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.',
  noAccountSubject: 'Solicitud para restablecer la contraseña',
  noAccountBody:
    'Alguien ha pedido restablecer la contraseña de esta dirección, pero ningún usuario tiene este correo. Si fuiste tú, quizá te registraste con otra dirección.',
  alreadyRegisteredSubject: 'Ya tienes una cuenta',
  alreadyRegisteredBody:
    'Alguien ha intentado crear una cuenta con esta dirección, que ya tiene una. Si fuiste tú, inicia sesión o restablece tu contraseña si la olvidaste. Si no fuiste tú, ignora este correo: no ha cambiado nada.',
  alreadyRegisteredAction: 'Restablecer la contraseña',
  emailChangedSubject: 'Se ha cambiado tu dirección de correo',
  emailChangedBody: (newEmail) => `La dirección de correo de tu cuenta se ha cambiado a ${newEmail}.`,
  emailChangedUndo: (hours) =>
    `Si no fuiste tú, deshaz el cambio en las próximas ${hours} horas con el enlace de abajo: se restablece esta dirección, se cierran todas las sesiones y eliges una nueva contraseña.`,
  emailChangedAction: 'Deshacer el cambio',
  greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
  newSignInSubject: 'Nuevo inicio de sesión en tu cuenta',
  device: deviceFrom((browser, system) => `${browser} en ${system}`, 'un navegador desconocido'),
  newSignInBody: (device, when, ip) =>
    `Se ha iniciado sesión en tu cuenta el ${when} desde ${device}${ip ? ` (dirección IP ${ip})` : ''}, un navegador desde el que no se había usado antes.`,
  newSignInAdvice:
    'Si fuiste tú, no tienes que hacer nada. Si no, cierra la sesión de ese navegador en la página de tu cuenta y cambia tu contraseña.',
  newSignInAction: 'Ver dónde has iniciado sesión',
};

const pt: MailTexts = {
  verifySubject: 'Confirme o seu endereço de e-mail',
  verifyBody: () =>
    'Confirme o seu endereço de e-mail com o link abaixo. O link só é válido durante um tempo limitado.',
  verifyAction: 'Confirmar o endereço de e-mail',
  resetSubject: 'Redefina a sua palavra-passe',
  resetBody: (minutes) => `Pediu para redefinir a sua palavra-passe. Este link expira dentro de ${minutes} minutos.`,
  resetAction: 'Redefinir a palavra-passe',
  resetIgnore: 'Se não fez este pedido, ignore este e-mail: a sua palavra-passe mantém-se.',
  noAccountSubject: 'Pedido de redefinição da palavra-passe',
  noAccountBody:
    'Alguém pediu para redefinir a palavra-passe deste endereço, mas nenhum utilizador tem este e-mail. Se fez o pedido, talvez se tenha registado com outro endereço.',
  alreadyRegisteredSubject: 'Já tem uma conta',
  alreadyRegisteredBody:
    'Alguém tentou criar uma conta com este endereço, que já tem uma. Se foi consigo, inicie sessão ou redefina a palavra-passe se a esqueceu. Caso contrário, ignore este e-mail: nada mudou.',
  alreadyRegisteredAction: 'Redefinir a palavra-passe',
  emailChangedSubject: 'O seu endereço de e-mail foi alterado',
  emailChangedBody: (newEmail) => `O endereço de e-mail da sua conta foi alterado para ${newEmail}.`,
  emailChangedUndo: (hours) =>
    `Se não fez esta alteração, anule-a nas próximas ${hours} horas com o link abaixo: este endereço é reposto, todas as sessões são terminadas e escolhe uma nova palavra-passe.`,
  emailChangedAction: 'Anular a alteração',
  greeting: (name) => (name ? `Olá ${name},` : 'Olá,'),
  newSignInSubject: 'Nova sessão iniciada na sua conta',
  device: deviceFrom((browser, system) => `${browser} em ${system}`, 'um navegador desconhecido'),
  newSignInBody: (device, when, ip) =>
    `Foi iniciada uma sessão na sua conta a ${when} a partir de ${device}${ip ? ` (endereço IP ${ip})` : ''}, um navegador a partir do qual nunca tinha sido usada.`,
  newSignInAdvice:
    'Se foi consigo, não há nada a fazer. Caso contrário, termine a sessão desse navegador na página da sua conta e altere a palavra-passe.',
  newSignInAction: 'Ver onde tem sessão iniciada',
};

/** Every interface language the site offers (spec §1): a user's mails are in the language they chose. */
const BY_LANGUAGE: Readonly<Record<string, MailTexts>> = { en, de, fr, it, es, pt };

export const mailTexts = (language: string): MailTexts => BY_LANGUAGE[language] ?? en;
