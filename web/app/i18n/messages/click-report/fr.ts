import type { ClickReportMessages } from './en';

/** Français : le rapport de clics d’une boutique. */
const clickReport: ClickReportMessages = {
  fullReport: 'Rapport complet',
  title: 'Rapport de clics : {{name}}',
  back: 'Retour aux paramètres de la boutique',
  intro:
    'Les clics de notre site vers votre boutique, comptés une fois par visiteur et par offre (sans robots ni répétitions).',
  utc: 'Les jours et les mois sont des jours et des mois UTC.',
  choose: 'Choisir la période',
  month: 'Mois',
  chart: 'Graphique par jour',
  lastDays: '{{days}} derniers jours',
  show: 'Afficher',
  monthTotal: 'Clics en {{month}}',
  chartTotal: 'Clics des {{days}} derniers jours',
  perDay: 'Clics par jour, {{days}} derniers jours',
  products: 'Produits en {{month}}',
  productsNote: 'Les 100 produits les plus cliqués du mois ; le fichier CSV les contient tous les {{count}}.',
  productsNoteAll: 'Tous les produits cliqués dans le mois.',
  countries: 'Pays en {{month}}',
  days: 'Jours de {{month}}',
  rank: 'Rang',
  product: 'Produit',
  country: 'Pays',
  day: 'Jour',
  clicks: 'Clics',
  unknownCountry: 'Inconnu',
  noClicks: 'Aucun clic ce mois-ci.',
  download: 'Télécharger {{month}} (CSV)',
  downloadNote: 'Un seul tableau : une ligne par jour, produit et pays du mois, sa section dans la première colonne.',
  errors: {
    month: 'Choisissez l’un des mois de la liste.',
    days: 'Choisissez 7, 30 ou 90 jours.',
  },
};

export default clickReport;
