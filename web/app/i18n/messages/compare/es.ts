import type { CompareMessages } from './en';

/** Español: la comparación de productos. */
const compare: CompareMessages = {
  title: 'Comparar productos',
  titleOf: 'Comparar {{names}}',
  caption: '{{names}} frente a frente',
  captionDifferences: '{{names}} frente a frente: solo las filas que difieren',
  toggle: 'Comparar',
  toggleLabel: 'Comparar {{name}}',
  tray: 'Productos para comparar',
  trayLink: 'Comparar ({{n}})',
  trayHint: 'Elige un producto más para comparar.',
  full: 'Puedes comparar hasta {{max}} productos: quita uno primero.',
  clear: 'Quitar todos',
  remove: 'Quitar',
  removeLabel: 'Quitar {{name}} de la comparación',
  onlyDifferences: 'Mostrar solo las diferencias',
  allRows: 'Mostrar todas las filas',
  noDifferences: 'Estos productos tienen los mismos valores en todas las filas.',
  missing: 'no indicado',
  rating: 'Valoración',
  price: 'Precio más bajo',
  noOffers: 'No hay ofertas en este país ({{country}})',
  pricesUnavailable: 'Los precios no se pueden cargar en este momento.',
  howTo:
    'Elige de {{min}} a {{max}} productos para compararlos frente a frente: pulsa «Comparar» en cada uno y luego «Comparar» en la barra de la parte inferior de la página.',
  tooMany: 'Una comparación muestra como máximo {{max}} productos frente a frente.',
  firstFour: 'Comparar los {{max}} primeros',
  malformed: 'Este enlace de comparación no es válido: debería nombrar los productos por sus ID, separados por comas.',
  unknown: {
    zero: 'Todos los productos de este enlace existen.',
    one: '1 producto de este enlace ya no existe y se ha omitido.',
    many: '{{n}} productos de este enlace ya no existen y se han omitido.',
  },
  browse: 'Explorar las categorías',
};

export default compare;
