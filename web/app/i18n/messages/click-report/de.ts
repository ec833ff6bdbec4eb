import type { ClickReportMessages } from './en';

/** Deutsch: der Klickbericht eines Shops. */
const clickReport: ClickReportMessages = {
  fullReport: 'Vollständiger Bericht',
  title: 'Klickbericht: {{name}}',
  back: 'Zurück zu den Shop-Einstellungen',
  intro:
    'Klicks von unserer Website zu Ihrem Shop, einmal pro Besucher und Angebot gezählt (ohne Bots und Wiederholungen).',
  utc: 'Tage und Monate sind Tage und Monate in UTC.',
  choose: 'Zeitraum wählen',
  month: 'Monat',
  chart: 'Tagesdiagramm',
  lastDays: 'Letzte {{days}} Tage',
  show: 'Anzeigen',
  monthTotal: 'Klicks im {{month}}',
  chartTotal: 'Klicks in den letzten {{days}} Tagen',
  perDay: 'Klicks pro Tag, letzte {{days}} Tage',
  products: 'Produkte im {{month}}',
  productsNote: 'Die 100 meistgeklickten Produkte des Monats; die CSV-Datei enthält alle {{count}}.',
  productsNoteAll: 'Alle im Monat geklickten Produkte.',
  countries: 'Länder im {{month}}',
  days: 'Tage im {{month}}',
  rank: 'Rang',
  product: 'Produkt',
  country: 'Land',
  day: 'Tag',
  clicks: 'Klicks',
  unknownCountry: 'Unbekannt',
  noClicks: 'Keine Klicks in diesem Monat.',
  download: '{{month}} herunterladen (CSV)',
  downloadNote: 'Eine Tabelle: eine Zeile pro Tag, Produkt und Land des Monats, der Abschnitt in der ersten Spalte.',
  errors: {
    month: 'Wählen Sie einen der Monate aus der Liste.',
    days: 'Wählen Sie 7, 30 oder 90 Tage.',
  },
};

export default clickReport;
