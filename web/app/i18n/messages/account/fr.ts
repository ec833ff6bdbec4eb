import type { AccountMessages } from './en';

/** Français : les textes de l’espace compte. */
const account: AccountMessages = {
  auth: {
    loginTitle: 'Se connecter', registerTitle: 'Créer un compte', email: 'E-mail', password: 'Mot de passe', passwordConfirmation: 'Confirmer le mot de passe',
    name: 'Nom', phone: 'Téléphone (facultatif)', remember: 'Se souvenir de moi', forgot: 'Mot de passe oublié ?', submitLogin: 'Se connecter', submitRegister: 'Créer le compte',
    noAccount: 'Pas encore de compte ?', registerLink: 'S’inscrire', haveAccount: 'Déjà inscrit ?', loginLink: 'Se connecter', social: 'Ou continuer avec',
    terms: 'J’ai lu et j’accepte les conditions générales et les conditions de référencement.', logout: 'Se déconnecter',
    failed: 'Ces identifiants ne correspondent pas à nos enregistrements.', throttled: 'Trop de tentatives. Veuillez réessayer dans {{seconds}} secondes.',
    registered: 'Consultez vos e-mails : nous vous avons envoyé un message pour terminer l’inscription. Connectez-vous ensuite ici.', emailRestored: 'Votre adresse e-mail est rétablie et toutes les sessions ont été fermées. Nous vous avons envoyé un lien pour choisir un nouveau mot de passe.', restoreFailed: 'Ce lien n’est pas valide ou a expiré.', tokenInvalid: 'Ce lien de réinitialisation du mot de passe n’est pas valide ou a expiré.',
  },
  validation: {
    required: 'Ce champ est obligatoire.', email: 'Saisissez une adresse e-mail valide.', max: 'C’est trop long.', passwordMin: 'Au moins 6 caractères.',
    confirmed: 'Les mots de passe ne correspondent pas.', accepted: 'Veuillez accepter les conditions.', phone: 'Saisissez un numéro de téléphone valide.', unique: 'C’est déjà pris.',
    invalid: 'Cette valeur n’est pas valide.', confirm: 'Veuillez confirmer.', price: 'Saisissez un prix, par exemple 249.90.', percent: 'Saisissez un nombre entier de 1 à 99.',
  },
  account: {
    title: 'Votre compte', favourites: 'Vos favoris', alerts: 'Vos alertes de prix', sections: 'Rubriques du compte', overview: 'Aperçu',
    profile: 'Profil', memberSince: 'membre depuis le {{date}}', language: 'Langue des e-mails et des notifications',
    saveProfile: 'Enregistrer le profil', profileSaved: 'Votre profil a été enregistré.', emailChanged: 'Votre profil a été enregistré. Confirmez {{email}} avec le lien que nous y avons envoyé. Votre ancienne adresse a été prévenue et peut annuler la modification.',
    passwordTitle: 'Mot de passe', currentPassword: 'Mot de passe actuel', passwordForEmail: 'Mot de passe actuel (nécessaire pour changer d’adresse e-mail)', changePassword: 'Changer le mot de passe',
    passwordChanged: 'Votre mot de passe a été changé. Vous avez été déconnecté partout ailleurs.', wrongPassword: 'Le mot de passe n’est pas correct.',
    businessTitle: 'Compte professionnel', businessIntro: 'Les commerçants référencent leurs boutiques avec un compte professionnel.', company: 'Entreprise',
    enableBusiness: 'Ouvrir un compte professionnel', businessEnabled: 'Vous avez désormais un compte professionnel pour {{company}}.', businessActive: 'Vous avez un compte professionnel pour {{company}}.',
    deleteTitle: 'Supprimer le compte', deleteWarning: 'Cela supprime votre compte avec vos favoris et vos alertes de prix. C’est irréversible.',
    deleteConfirm: 'Je comprends que c’est irréversible.', deleteSubmit: 'Supprimer mon compte',
  },
  verify: {
    unverified: 'Veuillez d’abord consulter vos e-mails : confirmez votre adresse avec le lien que nous vous avons envoyé.', resend: 'Envoyer un nouveau lien',
    resent: 'Un nouveau lien de confirmation a été envoyé à votre adresse e-mail.', throttled: 'Nous venons d’envoyer un lien. Veuillez réessayer dans {{seconds}} secondes.',
    done: 'Merci : votre adresse e-mail est confirmée.', failed: 'Ce lien de confirmation n’est pas valide ou a expiré. Demandez-en un nouveau ci-dessous.',
    already: 'Votre adresse e-mail est déjà confirmée.', verifiedBadge: 'Adresse e-mail confirmée', unverifiedBadge: 'Adresse e-mail pas encore confirmée',
  },
  password: {
    requestTitle: 'Mot de passe oublié ?', requestIntro: 'Saisissez l’adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.',
    requestSubmit: 'Recevoir un lien de réinitialisation', linkEmailed: 'Nous vous avons envoyé le lien de réinitialisation du mot de passe. Il est valable {{minutes}} minutes.',
    throttled: 'Nous venons d’envoyer un lien. Veuillez réessayer dans {{seconds}} secondes.', resetTitle: 'Choisir un nouveau mot de passe', new: 'Nouveau mot de passe',
    rules: 'Les mots de passe doivent comporter au moins six caractères et correspondre à la confirmation.', resetSubmit: 'Réinitialiser le mot de passe', done: 'Votre mot de passe a été réinitialisé.',
    requestAgain: 'Demander un nouveau lien de réinitialisation',
  },
  favourites: {
    title: 'Favoris', all: 'Tous les favoris', list: 'Liste : {{name}}', signInPrompt: 'Connectez-vous pour garder vos favoris sur tous vos appareils.',
    empty: 'Pas encore de favoris.', signIn: 'Se connecter', recentlyViewedHint: 'Vos produits vus récemment sont sur la page d’accueil.',
    manage: 'Gérer les listes', lists: 'Vos listes', public: 'Publique', sharedList: 'Une liste partagée avec vous.', newList: 'Nouvelle liste', makePublic: 'Toute personne disposant du lien peut voir cette liste',
    createList: 'Créer la liste', renameList: 'Renommer ou partager', listName: 'Nom de la liste', saveList: 'Enregistrer la liste', listSaved: 'La liste a été enregistrée.', deleteList: 'Supprimer cette liste',
    view: 'Ouvrir la page de la liste', publicLink: 'Ouvrir la page publique de la liste', emptyList: 'Cette liste est vide. Ajoutez des produits avec le cœur sur une page produit.',
    remove: 'Retirer', removeProduct: 'Retirer {{name}} de cette liste', removed: 'Le produit a été retiré.', addTitle: 'Ajouter {{name}} à vos favoris',
    toList: 'Liste', add: 'Ajouter', added: 'Ajouté à {{list}}.', tooManyLists: 'Vous avez le nombre maximal de listes. Supprimez-en une d’abord.',
    defaultList: 'Votre liste principale ne peut pas être supprimée.', listFull: 'Cette liste est pleine.',
  },
  alerts: {
    yours: 'Vos alertes', createFor: 'Nouvelle alerte de prix pour {{name}}', currentPrice: 'Actuellement', country: 'Pays', kind: 'Me prévenir quand',
    kinds: { target_price: 'le prix atteint ou passe sous mon objectif', percentage_drop: 'le prix baisse d’un pourcentage', back_in_stock: 'il est de nouveau en stock' },
    targetPrice: 'Prix cible ({{currency}})', dropPercent: 'Baisse en pourcentage', rearmAutomatically: 'Surveiller de nouveau dès que la condition n’est plus remplie',
    byEmail: 'Me prévenir aussi par e-mail', create: 'Créer l’alerte', created: 'Votre alerte de prix est créée.',
    firedOnCreation: 'Votre alerte de prix est créée, et le prix la remplit déjà : elle s’est déclenchée aussitôt.',
    conditions: { target_price: 'à {{price}} ou moins', percentage_drop: '{{percent}}% sous {{price}}', back_in_stock: 'de nouveau en stock' },
    states: { armed: 'En attente', fired: 'Déclenchée', paused: 'En pause' }, firedAt: 'déclenchée le {{date}}',
    rearm: 'Réactiver', rearmProduct: 'Réactiver l’alerte pour {{name}}', rearmed: 'L’alerte attend de nouveau.', firedOnRearm: 'Le prix remplit déjà l’alerte : elle s’est de nouveau déclenchée aussitôt.',
    delete: 'Supprimer', deleteProduct: 'Supprimer l’alerte pour {{name}}', deleted: 'L’alerte a été supprimée.',
    empty: 'Pas encore d’alerte de prix. Utilisez le bouton d’alerte de prix sur une page produit.', exists: 'Vous avez déjà cette alerte pour ce produit et ce pays.',
    tooMany: 'Vous avez le nombre maximal d’alertes. Supprimez-en une d’abord.',
  },
  push: {
    title: 'Notifications push', unsupported: 'Ce navigateur ne prend pas en charge les notifications push.', needsScript: 'Les notifications push nécessitent JavaScript.',
    helperText: 'Autorisez les notifications et nous vous préviendrons dès qu’un prix baisse.', helperButton: 'Autoriser les notifications',
    enable: 'Activer les notifications', disable: 'Désactiver les notifications', on: 'Les notifications sont activées dans ce navigateur.', off: 'Les notifications sont désactivées dans ce navigateur.',
    welcomeTitle: 'Notifications activées', welcomeBody: 'Nous vous préviendrons quand un prix baisse.',
    testTitle: 'Envoyer une notification de test', username: 'Nom d’utilisateur', message: 'Message', send: 'Envoyer',
    sent: 'Envoyée : {{n}} navigateurs l’ont reçue.', noSubscription: 'Aucun navigateur n’a activé les notifications pour ce nom d’utilisateur.', rateLimited: 'Cela fait beaucoup de tests. Veuillez patienter une minute.',
  },
};

export default account;
