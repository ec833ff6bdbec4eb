import type { ClickReportMessages } from './en';

/** Italiano: il rapporto dei clic di un negozio. */
const clickReport: ClickReportMessages = {
  fullReport: 'Rapporto completo',
  title: 'Rapporto dei clic: {{name}}',
  back: 'Torna alle impostazioni del negozio',
  intro:
    'I clic dal nostro sito al tuo negozio, contati una volta per visitatore e offerta (senza bot né ripetizioni).',
  utc: 'Giorni e mesi sono giorni e mesi UTC.',
  choose: 'Scegli il periodo',
  month: 'Mese',
  chart: 'Grafico giornaliero',
  lastDays: 'Ultimi {{days}} giorni',
  show: 'Mostra',
  monthTotal: 'Clic a {{month}}',
  chartTotal: 'Clic negli ultimi {{days}} giorni',
  perDay: 'Clic al giorno, ultimi {{days}} giorni',
  products: 'Prodotti a {{month}}',
  productsNote: 'I 100 prodotti più cliccati del mese; il CSV li contiene tutti e {{count}}.',
  productsNoteAll: 'Tutti i prodotti cliccati nel mese.',
  countries: 'Paesi a {{month}}',
  days: 'Giorni di {{month}}',
  rank: 'Posizione',
  product: 'Prodotto',
  country: 'Paese',
  day: 'Giorno',
  clicks: 'Clic',
  unknownCountry: 'Sconosciuto',
  noClicks: 'Nessun clic in questo mese.',
  download: 'Scarica {{month}} (CSV)',
  downloadNote: 'Una sola tabella: una riga per giorno, prodotto e paese del mese, la sezione nella prima colonna.',
  errors: {
    month: 'Scegli uno dei mesi dell’elenco.',
    days: 'Scegli 7, 30 o 90 giorni.',
  },
};

export default clickReport;
