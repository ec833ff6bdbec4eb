import type { ClickReportMessages } from './en';

/** Español: el informe de clics de una tienda. */
const clickReport: ClickReportMessages = {
  fullReport: 'Informe completo',
  title: 'Informe de clics: {{name}}',
  back: 'Volver a los ajustes de la tienda',
  intro: 'Los clics de nuestro sitio a tu tienda, contados una vez por visitante y oferta (sin bots ni repeticiones).',
  utc: 'Los días y los meses son días y meses UTC.',
  choose: 'Elige el periodo',
  month: 'Mes',
  chart: 'Gráfico diario',
  lastDays: 'Últimos {{days}} días',
  show: 'Mostrar',
  monthTotal: 'Clics en {{month}}',
  chartTotal: 'Clics en los últimos {{days}} días',
  perDay: 'Clics por día, últimos {{days}} días',
  products: 'Productos en {{month}}',
  productsNote: 'Los 100 productos con más clics del mes; el CSV contiene los {{count}}.',
  productsNoteAll: 'Todos los productos con clics del mes.',
  countries: 'Países en {{month}}',
  days: 'Días de {{month}}',
  rank: 'Puesto',
  product: 'Producto',
  country: 'País',
  day: 'Día',
  clicks: 'Clics',
  unknownCountry: 'Desconocido',
  noClicks: 'Ningún clic en este mes.',
  download: 'Descargar {{month}} (CSV)',
  downloadNote: 'Una sola tabla: una fila por día, producto y país del mes, su sección en la primera columna.',
  errors: {
    month: 'Elige uno de los meses de la lista.',
    days: 'Elige 7, 30 o 90 días.',
  },
};

export default clickReport;
