/**
 * English texts of a shop's click report (ADR 135): the month and chart choices, the totals,
 * the month's products, countries and days, the CSV download. The reference the other
 * languages' files follow; the `clickReport` namespace of messages/en.ts.
 */
const clickReport = {
  fullReport: 'Full report',
  title: 'Click report: {{name}}',
  back: 'Back to the shop settings',
  intro: 'Clicks from our site to your shop, counted once per visitor and offer (no bots, no repeats).',
  utc: 'Days and months are UTC days and months.',
  choose: 'Choose the period',
  month: 'Month',
  chart: 'Per-day chart',
  lastDays: 'Last {{days}} days',
  show: 'Show',
  monthTotal: 'Clicks in {{month}}',
  chartTotal: 'Clicks in the last {{days}} days',
  perDay: 'Clicks per day, last {{days}} days',
  products: 'Products in {{month}}',
  productsNote: 'The 100 most clicked products of the month; the CSV lists all {{count}}.',
  productsNoteAll: 'Every product clicked in the month.',
  countries: 'Countries in {{month}}',
  days: 'Days of {{month}}',
  rank: 'Rank',
  product: 'Product',
  country: 'Country',
  day: 'Day',
  clicks: 'Clicks',
  unknownCountry: 'Unknown',
  noClicks: 'No clicks in this month.',
  download: 'Download {{month}} (CSV)',
  downloadNote: 'One table: a row per day, product and country of the month, its section in the first column.',
  errors: {
    month: 'Choose one of the months in the list.',
    days: 'Choose 7, 30 or 90 days.',
  },
};

export default clickReport;

export type ClickReportMessages = typeof clickReport;
