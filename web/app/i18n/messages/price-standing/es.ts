import type en from './en';

/** Español: la posición de precios de una tienda (ADR 144). */
const priceStanding: typeof en = {
  link: 'Tus precios frente a otras tiendas',
  title: 'Posición de precios: {{name}}',
  back: 'Volver a la configuración de la tienda',
  intro:
    'Tus ofertas publicadas asociadas a un producto, comparadas como en la página del producto: el precio con el envío al país, solo ofertas vistas recientemente.',
  country: 'País',
  show: 'Mostrar',
  cheapest: 'La más barata',
  within: 'Hasta un 5 % por encima de la más barata',
  above: 'Más de un 5 % por encima de la más barata',
  notCompared:
    '{{count}} de tus ofertas no indican el envío y la más barata sí: se listan después de ella y no se comparan aquí.',
  held: '{{count}} de tus productos solo tienen precios muy por debajo de los de las demás tiendas (a menudo un error en el feed): la página del producto los muestra al final como «Precio en revisión» y no cuentan como el precio más bajo hasta que los corrijas o nuestro equipo los confirme.',
  computedAt:
    'Cifras a {{date}}, {{time}} UTC; las páginas siguientes muestran las mismas cifras, recarga para actualizarlas.',
  empty: 'Ninguna oferta publicada de esta tienda está asociada todavía a un producto en este país.',
  allCheapest: 'Tus ofertas son las más baratas de cada producto que vendes aquí.',
  products: 'Productos en los que otra tienda es más barata',
  productsNote: 'Primero la mayor diferencia. {{count}} productos en total; el CSV los incluye todos.',
  product: 'Producto',
  yourPrice: 'Tu precio',
  lowestPrice: 'Precio más bajo',
  cheapestShop: 'Tienda más barata',
  gap: 'Diferencia',
  shops: 'Tiendas',
  itemPrice: 'precio del artículo, envío no indicado',
  next: 'Página siguiente',
  first: 'Primera página',
  download: 'Descargar la lista completa (CSV)',
  errors: {
    country: 'Elige uno de los países en los que vende tu tienda.',
  },
};

export default priceStanding;
