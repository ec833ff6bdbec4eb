/** The words of the mails about two-step sign-in (ADR 153), per interface language. */
export interface TwoStepTexts {
  readonly onSubject: string;
  readonly onBody: string;
  readonly offSubject: string;
  readonly offBody: string;
  readonly offByStaffBody: string;
  readonly recoveryUsedSubject: string;
  readonly recoveryUsedBody: (left: number) => string;
  /** What to do when it was not them: the same in every mail. */
  readonly notYou: string;
  readonly action: string;
}

const en: TwoStepTexts = {
  onSubject: 'Two-step sign-in is on',
  onBody:
    'Two-step sign-in was turned on for your account: from now on, signing in asks for the code your authenticator app shows after your password.',
  offSubject: 'Two-step sign-in is off',
  offBody: 'Two-step sign-in was turned off for your account: signing in asks only for your password again.',
  offByStaffBody:
    'At your request, our support team turned two-step sign-in off for your account and signed it out everywhere. Sign in with your password and turn it on again with your new phone.',
  recoveryUsedSubject: 'A recovery code was used to sign in',
  recoveryUsedBody: (left) =>
    `Your account was just signed in with one of its recovery codes instead of the app's code. Each code works once: ${left} left.`,
  notYou: 'If this was not you, change your password at once and contact us.',
  action: 'Two-step sign-in settings',
};

const de: TwoStepTexts = {
  onSubject: 'Die Anmeldung in zwei Schritten ist aktiv',
  onBody:
    'Für Ihr Konto wurde die Anmeldung in zwei Schritten aktiviert: Ab jetzt fragt die Anmeldung nach dem Passwort auch nach dem Code, den Ihre Authenticator-App anzeigt.',
  offSubject: 'Die Anmeldung in zwei Schritten ist ausgeschaltet',
  offBody:
    'Für Ihr Konto wurde die Anmeldung in zwei Schritten ausgeschaltet: Die Anmeldung fragt wieder nur nach dem Passwort.',
  offByStaffBody:
    'Auf Ihre Bitte hat unser Support die Anmeldung in zwei Schritten für Ihr Konto ausgeschaltet und es überall abgemeldet. Melden Sie sich mit Ihrem Passwort an und aktivieren Sie sie mit Ihrem neuen Telefon wieder.',
  recoveryUsedSubject: 'Für eine Anmeldung wurde ein Wiederherstellungscode verwendet',
  recoveryUsedBody: (left) =>
    `Ihr Konto wurde soeben mit einem seiner Wiederherstellungscodes statt dem Code der App angemeldet. Jeder Code gilt einmal: Es bleiben ${left}.`,
  notYou: 'Wenn Sie das nicht waren, ändern Sie sofort Ihr Passwort und kontaktieren Sie uns.',
  action: 'Einstellungen der Anmeldung in zwei Schritten',
};

const fr: TwoStepTexts = {
  onSubject: 'La connexion en deux étapes est activée',
  onBody:
    'La connexion en deux étapes a été activée pour votre compte : désormais, après votre mot de passe, la connexion demande le code affiché par votre application d’authentification.',
  offSubject: 'La connexion en deux étapes est désactivée',
  offBody:
    'La connexion en deux étapes a été désactivée pour votre compte : la connexion ne demande de nouveau que votre mot de passe.',
  offByStaffBody:
    'À votre demande, notre support a désactivé la connexion en deux étapes de votre compte et l’a déconnecté partout. Connectez-vous avec votre mot de passe et réactivez-la avec votre nouveau téléphone.',
  recoveryUsedSubject: 'Un code de récupération a servi à se connecter',
  recoveryUsedBody: (left) =>
    `Votre compte vient d’être connecté avec l’un de ses codes de récupération au lieu du code de l’application. Chaque code ne sert qu’une fois : il en reste ${left}.`,
  notYou: 'Si ce n’était pas vous, changez tout de suite votre mot de passe et contactez-nous.',
  action: 'Réglages de la connexion en deux étapes',
};

const it: TwoStepTexts = {
  onSubject: 'L’accesso in due passaggi è attivo',
  onBody:
    'Per il tuo account è stato attivato l’accesso in due passaggi: d’ora in poi, dopo la password, l’accesso chiede il codice mostrato dalla tua app di autenticazione.',
  offSubject: 'L’accesso in due passaggi è disattivato',
  offBody:
    'Per il tuo account è stato disattivato l’accesso in due passaggi: l’accesso chiede di nuovo solo la password.',
  offByStaffBody:
    'Su tua richiesta, il nostro supporto ha disattivato l’accesso in due passaggi del tuo account e lo ha disconnesso ovunque. Accedi con la tua password e riattivalo con il tuo nuovo telefono.',
  recoveryUsedSubject: 'Per accedere è stato usato un codice di recupero',
  recoveryUsedBody: (left) =>
    `Al tuo account si è appena acceduto con uno dei suoi codici di recupero invece del codice dell’app. Ogni codice vale una volta: ne restano ${left}.`,
  notYou: 'Se non sei stato tu, cambia subito la password e contattaci.',
  action: 'Impostazioni dell’accesso in due passaggi',
};

const es: TwoStepTexts = {
  onSubject: 'El inicio de sesión en dos pasos está activado',
  onBody:
    'Se activó el inicio de sesión en dos pasos en tu cuenta: a partir de ahora, tras la contraseña se pide el código que muestra tu aplicación de autenticación.',
  offSubject: 'El inicio de sesión en dos pasos está desactivado',
  offBody:
    'Se desactivó el inicio de sesión en dos pasos en tu cuenta: para iniciar sesión vuelve a bastar la contraseña.',
  offByStaffBody:
    'A petición tuya, nuestro equipo de soporte desactivó el inicio de sesión en dos pasos de tu cuenta y cerró todas sus sesiones. Inicia sesión con tu contraseña y vuelve a activarlo con tu nuevo teléfono.',
  recoveryUsedSubject: 'Se usó un código de recuperación para iniciar sesión',
  recoveryUsedBody: (left) =>
    `Se acaba de iniciar sesión en tu cuenta con uno de sus códigos de recuperación en lugar del código de la aplicación. Cada código sirve una vez: quedan ${left}.`,
  notYou: 'Si no fuiste tú, cambia la contraseña de inmediato y contáctanos.',
  action: 'Ajustes del inicio de sesión en dos pasos',
};

const pt: TwoStepTexts = {
  onSubject: 'O início de sessão em dois passos está ativo',
  onBody:
    'O início de sessão em dois passos foi ativado na sua conta: a partir de agora, depois da palavra-passe é pedido o código que a sua aplicação de autenticação mostra.',
  offSubject: 'O início de sessão em dois passos está desativado',
  offBody:
    'O início de sessão em dois passos foi desativado na sua conta: para iniciar sessão volta a bastar a palavra-passe.',
  offByStaffBody:
    'A seu pedido, a nossa equipa de apoio desativou o início de sessão em dois passos da sua conta e terminou todas as suas sessões. Inicie sessão com a sua palavra-passe e volte a ativá-lo com o seu novo telemóvel.',
  recoveryUsedSubject: 'Foi usado um código de recuperação para iniciar sessão',
  recoveryUsedBody: (left) =>
    `Acabou de ser iniciada uma sessão na sua conta com um dos seus códigos de recuperação em vez do código da aplicação. Cada código serve uma vez: restam ${left}.`,
  notYou: 'Se não foi você, altere já a palavra-passe e contacte-nos.',
  action: 'Definições do início de sessão em dois passos',
};

const BY_LANGUAGE: Readonly<Record<string, TwoStepTexts>> = { en, de, fr, it, es, pt };

export const twoStepTexts = (language: string): TwoStepTexts => BY_LANGUAGE[language] ?? en;
