import type { BusinessMessages } from './en';

/** Français : l’espace professionnel. */
const business: BusinessMessages = {
  nav: 'Espace pro',
  title: 'Tableau de bord professionnel',
  required: 'Ouvrez d’abord un compte professionnel : vous pourrez ensuite inscrire des boutiques.',
  welcome: 'Votre compte professionnel est ouvert. Inscrivez votre première boutique.',
  open: 'Ouvrir le tableau de bord professionnel',
  shops: {
    title: 'Vos boutiques', empty: 'Aucune boutique inscrite pour l’instant.', register: 'Inscrire une boutique', name: 'Boutique', stage: 'Statut',
    clicksToday: 'Clics aujourd’hui', clicksMonth: 'Clics ce mois-ci', clicksUnavailable: 'indisponible pour le moment', settings: 'Paramètres',
    settingsOf: 'Paramètres de {{name}}', confirmed: 'Confirmée', notConfirmed: 'Non confirmée', offers: 'Offres',
    stages: {
      awaitingPayment: 'Moyen de paiement attendu', subscriptionStarted: 'Abonnement démarré', feedsAnalysed: 'Flux de produits analysés',
      active: 'Activée', suspendedPayment: 'Suspendue : paiement manquant', suspendedStaff: 'Suspendue par notre équipe',
    },
    hints: {
      awaitingPayment: 'Ajoutez une carte et démarrez l’abonnement.', subscriptionStarted: 'Nous analysons vos flux de produits.',
      feedsAnalysed: 'Nous vous contacterons lorsque votre boutique sera prête.', active: 'Vos offres sont affichées.',
      suspendedPayment: 'Vos offres ne sont pas affichées. Mettez à jour votre carte ou redémarrez l’abonnement.', suspendedStaff: 'Vos offres ne sont pas affichées. Veuillez nous contacter.',
    },
    subscribe: 'Démarrer l’abonnement', subscribeFor: 'Démarrer l’abonnement pour {{name}}', plan: 'Formule',
  },
  plans: { month: '{{price}} par boutique et par mois', year: '{{price}} par boutique et par an', vat: 'Prix hors TVA de 8,1 %.' },
  subscription: {
    title: 'Abonnement', none: 'Pas encore d’abonnement. Il commence avec votre première boutique.', plan: 'Formule : {{plan}}', shops: 'Boutiques : {{n}}',
    renews: 'Renouvelé le {{date}}', endsOn: 'Se termine le {{date}}', cancel: 'Résilier à la fin de la période',
    canceled: 'Votre abonnement prend fin à la fin de la période en cours.', alreadyCanceled: 'L’abonnement est déjà résilié.',
    statuses: { incomplete: 'Premier paiement en attente', active: 'Actif', pastDue: 'Paiement en retard : nous réessayons', unpaid: 'Impayé', canceled: 'Résilié', expired: 'Expiré' },
  },
  card: {
    title: 'Carte de paiement', none: 'Aucune carte enregistrée.', onFile: '{{brand}} se terminant par {{last4}}, expire en {{expires}}', add: 'Ajouter une carte', replace: 'Remplacer la carte',
    continueHint: 'Vous saisissez votre carte sur la page sécurisée du prestataire de paiement : son numéro n’atteint jamais nos serveurs.', continue: 'Continuer vers le formulaire de carte',
    elements: 'Saisissez votre carte ci-dessous. Elle va directement à notre prestataire de paiement.', save: 'Enregistrer la carte', needsScript: 'La saisie d’une carte ici nécessite JavaScript.',
  },
  payment: {
    subscriptionStarted: 'Abonnement démarré avec succès. Nous vous contacterons lorsque votre boutique sera prête.', cardUpdated: 'Carte mise à jour avec succès.',
    needs3ds: 'Votre carte nécessite 3D Secure : veuillez confirmer le paiement auprès de votre banque.', authenticate: 'Continuer vers 3D Secure',
    paymentDeclined: 'Paiement refusé. Veuillez essayer une autre carte.', cardError: 'Veuillez fournir un moyen de paiement valide.', processing: 'Votre paiement est en cours de traitement.',
    alreadySubscribed: 'Cette boutique est déjà abonnée.', incomplete: 'Terminez d’abord le premier paiement de votre abonnement : ajoutez une carte qui fonctionne.',
    planMismatch: 'Toutes vos boutiques ont la même formule : choisissez celle de votre abonnement.', notAwaiting: 'Cette boutique n’attend pas d’abonnement.',
  },
  invoices: {
    title: 'Factures', empty: 'Pas encore de factures.', number: 'Facture', date: 'Date', amount: 'Montant', status: 'Statut',
    paid: 'Payée', unpaid: 'Impayée', void: 'Annulée', download: 'Télécharger', downloadLabel: 'Télécharger la facture {{number}}',
  },
  register: {
    title: 'Inscrire une boutique', intro: 'Présentez-nous votre boutique. Après l’inscription, ajoutez une carte et démarrez l’abonnement ; nous analysons ensuite vos flux de produits.',
    submit: 'Inscrire la boutique', done: 'Votre boutique {{name}} est inscrite. Ensuite : ajoutez une carte et démarrez l’abonnement.',
    alreadyRegistered: 'Cette boutique est déjà inscrite.', shopSection: 'Boutique', addressSection: 'Adresse', contactSection: 'Contact',
    feedHint: 'CSV (de préférence) ou XML avec numéro d’article, nom avec la marque, GTIN/EAN ou référence fabricant, prix en CHF TTC et lien vers la page du produit. Vous pouvez aussi ajouter des flux plus tard.',
    terms: 'J’ai lu et j’accepte les conditions générales et les conditions de référencement.', optional: 'facultatif',
  },
  fields: {
    name: 'Nom de la boutique', homepage: 'URL', company: 'Entreprise', commercial_register_number: 'Numéro au registre du commerce', line1: 'Adresse',
    line2: 'Complément d’adresse', zip_code: 'Code postal', city: 'Ville', country: 'Pays', phone: 'Téléphone', email: 'E-mail', feed_url: 'Flux de produits',
  },
  validation: {
    postalCode: 'Saisissez un code postal valide du pays choisi.', phone: 'Saisissez un numéro de téléphone valide, par exemple +41 44 123 45 67.',
    url: 'Saisissez une URL valide commençant par http:// ou https://.', parameterName: 'Utilisez seulement des lettres, des chiffres et - _ . ~.', parameterTwice: 'Chaque nom une seule fois.',
  },
  feeds: {
    title: 'Flux de produits', empty: 'Pas encore de flux de produits. Ajoutez-en au moins un pour afficher des offres.', url: 'URL du flux', format: 'Format',
    formats: { detect: 'Détecter automatiquement', csv: 'CSV', tsv: 'TSV', google: 'XML Google Merchant' },
    add: 'Ajouter le flux', added: 'Le flux a été ajouté. Il est analysé dès que votre abonnement a démarré.', save: 'Enregistrer le flux', saved: 'Le flux a été enregistré.',
    delete: 'Supprimer le flux', deleteLabel: 'Supprimer le flux {{url}}', deleted: 'Le flux a été supprimé.', enabled: 'Récupérer ce flux',
    analyse: 'Analyser maintenant', analyseLabel: 'Analyser le flux {{url}} maintenant', analysing: 'Le flux est en cours d’analyse. Le rapport apparaît ici dans un instant.',
    analyseLater: 'Les flux sont analysés dès que l’abonnement a démarré.', analyseUnavailable: 'L’analyse ne peut pas être lancée pour le moment. Veuillez réessayer plus tard.',
    statuses: { pending: 'En attente d’analyse', active: 'Lu avec succès', failing: 'En échec', disabled: 'Non récupéré' },
    lastAnalysis: 'Dernière analyse le {{date}}', report: '{{valid}} produits utilisables sur {{total}}, {{invalid}} refusés', notAnalysed: 'Pas encore analysé.',
    httpStatus: 'Statut HTTP {{status}}', issues: 'Premiers problèmes trouvés', edit: 'Modifier',
  },
  parameters: {
    title: 'Paramètres d’URL', intro: 'Ajoutés à chaque lien qui mène un visiteur vers votre boutique, par exemple utm_source=pricecompare.',
    name: 'Nom', value: 'Valeur', row: 'Paramètre {{n}}', save: 'Enregistrer les paramètres d’URL', saved: 'Les paramètres d’URL ont été enregistrés.',
  },
  deleteShop: {
    title: 'Supprimer la boutique', warning: 'Cela supprime la boutique avec ses offres, flux et paramètres d’URL. Cette action est irréversible.',
    confirm: 'Je comprends que cette action est irréversible.', submit: 'Supprimer la boutique', done: 'La boutique a été supprimée.',
  },
  deleteAccount: {
    title: 'Supprimer le compte professionnel', warning: 'Cela résilie votre abonnement immédiatement et supprime toutes vos boutiques avec leurs offres, ainsi que votre compte. Cette action est irréversible.',
  },
  details: { title: 'Détails de la boutique', registeredAt: 'Inscrite le {{date}}', homepage: 'Site web' },
  back: 'Retour au tableau de bord professionnel',
};

export default business;
