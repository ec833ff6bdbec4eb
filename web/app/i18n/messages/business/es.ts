import type { BusinessMessages } from './en';

/** Español: el área de empresas. */
const business: BusinessMessages = {
  nav: 'Empresas',
  title: 'Panel de empresa',
  required: 'Abre primero una cuenta de empresa: después podrás registrar tiendas.',
  welcome: 'Tu cuenta de empresa está abierta. Registra tu primera tienda.',
  open: 'Abrir el panel de empresa',
  shops: {
    title: 'Tus tiendas', empty: 'Aún no hay tiendas registradas.', register: 'Registrar una tienda', name: 'Tienda', stage: 'Estado',
    clicksToday: 'Clics hoy', clicksMonth: 'Clics este mes', clicksUnavailable: 'no disponible ahora', settings: 'Ajustes',
    settingsOf: 'Ajustes de {{name}}', confirmed: 'Confirmada', notConfirmed: 'Sin confirmar', offers: 'Ofertas',
    stages: {
      awaitingPayment: 'Esperando método de pago', subscriptionStarted: 'Suscripción iniciada', feedsAnalysed: 'Feeds de productos analizados',
      active: 'Activada', suspendedPayment: 'Suspendida: falta el pago', suspendedStaff: 'Suspendida por nuestro equipo',
    },
    hints: {
      awaitingPayment: 'Añade una tarjeta e inicia la suscripción.', subscriptionStarted: 'Estamos analizando tus feeds de productos.',
      feedsAnalysed: 'Te contactaremos cuando tu tienda esté lista.', active: 'Tus ofertas se muestran.',
      suspendedPayment: 'Tus ofertas no se muestran. Actualiza tu tarjeta o inicia de nuevo la suscripción.', suspendedStaff: 'Tus ofertas no se muestran. Ponte en contacto con nosotros.',
    },
    subscribe: 'Iniciar la suscripción', subscribeFor: 'Iniciar la suscripción para {{name}}', plan: 'Plan',
  },
  plans: { month: '{{price}} por tienda y mes', year: '{{price}} por tienda y año', vat: 'Precios sin el 8,1 % de IVA.' },
  subscription: {
    title: 'Suscripción', none: 'Aún no hay suscripción. Empieza con tu primera tienda.', plan: 'Plan: {{plan}}', shops: 'Tiendas: {{n}}',
    renews: 'Se renueva el {{date}}', endsOn: 'Termina el {{date}}', cancel: 'Cancelar al final del periodo',
    canceled: 'Tu suscripción termina al final del periodo actual.', alreadyCanceled: 'La suscripción ya está cancelada.',
    statuses: { incomplete: 'Esperando el primer pago', active: 'Activa', pastDue: 'Pago vencido: lo reintentamos', unpaid: 'Sin pagar', canceled: 'Cancelada', expired: 'Caducada' },
  },
  card: {
    title: 'Tarjeta de pago', none: 'No hay ninguna tarjeta registrada.', onFile: '{{brand}} terminada en {{last4}}, caduca el {{expires}}', add: 'Añadir una tarjeta', replace: 'Sustituir la tarjeta',
    continueHint: 'Introduces tu tarjeta en la página segura del proveedor de pagos: su número nunca llega a nuestros servidores.', continue: 'Continuar al formulario de la tarjeta',
    elements: 'Introduce tu tarjeta abajo. Va directamente a nuestro proveedor de pagos.', save: 'Guardar la tarjeta', needsScript: 'Para introducir una tarjeta aquí se necesita JavaScript.',
  },
  payment: {
    subscriptionStarted: 'Suscripción iniciada correctamente. Te contactaremos cuando tu tienda esté lista.', cardUpdated: 'Tarjeta actualizada correctamente.',
    needs3ds: 'Tu tarjeta requiere 3D Secure: confirma el pago con tu banco.', authenticate: 'Continuar a 3D Secure',
    paymentDeclined: 'Pago rechazado. Prueba con otra tarjeta.', cardError: 'Indica un método de pago válido.', processing: 'Tu pago se está procesando.',
    alreadySubscribed: 'Esta tienda ya está suscrita.', incomplete: 'Completa primero el primer pago de tu suscripción: añade una tarjeta que funcione.',
    planMismatch: 'Todas tus tiendas tienen un mismo plan: elige el plan de tu suscripción.', notAwaiting: 'Esta tienda no está esperando una suscripción.',
  },
  invoices: {
    title: 'Facturas', empty: 'Aún no hay facturas.', number: 'Factura', date: 'Fecha', amount: 'Importe', status: 'Estado',
    paid: 'Pagada', unpaid: 'Sin pagar', void: 'Anulada', download: 'Descargar', downloadLabel: 'Descargar la factura {{number}}',
  },
  register: {
    title: 'Registrar una tienda', intro: 'Cuéntanos sobre tu tienda. Después de registrarla, añade una tarjeta e inicia la suscripción; luego analizamos tus feeds de productos.',
    submit: 'Registrar la tienda', done: 'Tu tienda {{name}} está registrada. Ahora: añade una tarjeta e inicia la suscripción.',
    alreadyRegistered: 'Esta tienda ya está registrada.', shopSection: 'Tienda', addressSection: 'Dirección', contactSection: 'Contacto',
    feedHint: 'CSV (preferido) o XML con número de artículo, nombre con marca, GTIN/EAN o referencia del fabricante, precio en CHF con impuestos y el enlace a la página del producto. También puedes añadir feeds más tarde.',
    terms: 'He leído y acepto los términos y condiciones y las condiciones de publicación.', optional: 'opcional',
  },
  fields: {
    name: 'Nombre de la tienda', homepage: 'URL', company: 'Empresa', commercial_register_number: 'Número del registro mercantil', line1: 'Dirección',
    line2: 'Complemento de dirección', zip_code: 'Código postal', city: 'Ciudad', country: 'País', phone: 'Teléfono', email: 'Correo electrónico', feed_url: 'Feed de productos',
  },
  validation: {
    postalCode: 'Introduce un código postal válido del país elegido.', phone: 'Introduce un número de teléfono válido, por ejemplo +41 44 123 45 67.',
    url: 'Introduce una URL válida que empiece por http:// o https://.', parameterName: 'Usa solo letras, cifras y - _ . ~.', parameterTwice: 'Cada nombre una sola vez.',
  },
  feeds: {
    title: 'Feeds de productos', empty: 'Aún no hay feeds de productos. Añade al menos uno para mostrar ofertas.', url: 'URL del feed', format: 'Formato',
    formats: { detect: 'Detectar automáticamente', csv: 'CSV', tsv: 'TSV', google: 'XML de Google Merchant' },
    add: 'Añadir feed', added: 'El feed se ha añadido. Se analiza cuando la suscripción haya empezado.', save: 'Guardar feed', saved: 'El feed se ha guardado.',
    delete: 'Eliminar feed', deleteLabel: 'Eliminar el feed {{url}}', deleted: 'El feed se ha eliminado.', enabled: 'Descargar este feed',
    analyse: 'Analizar ahora', analyseLabel: 'Analizar ahora el feed {{url}}', analysing: 'El feed se está analizando. El informe aparecerá aquí en un momento.',
    analyseLater: 'Los feeds se analizan cuando la suscripción ha empezado.', analyseUnavailable: 'El análisis no se puede iniciar ahora. Inténtalo más tarde.',
    statuses: { pending: 'Esperando su análisis', active: 'Leído correctamente', failing: 'Con errores', disabled: 'No se descarga' },
    lastAnalysis: 'Último análisis el {{date}}', report: '{{valid}} de {{total}} productos utilizables, {{invalid}} rechazados', notAnalysed: 'Aún no analizado.',
    httpStatus: 'Estado HTTP {{status}}', issues: 'Primeros problemas encontrados', edit: 'Editar',
  },
  parameters: {
    title: 'Parámetros de URL', intro: 'Se añaden a cada enlace que lleva a un visitante a tu tienda, por ejemplo utm_source=pricecompare.',
    name: 'Nombre', value: 'Valor', row: 'Parámetro {{n}}', save: 'Guardar los parámetros de URL', saved: 'Los parámetros de URL se han guardado.',
  },
  deleteShop: {
    title: 'Eliminar tienda', warning: 'Esto elimina la tienda con sus ofertas, feeds y parámetros de URL. No se puede deshacer.',
    confirm: 'Entiendo que esto no se puede deshacer.', submit: 'Eliminar tienda', done: 'La tienda se ha eliminado.',
  },
  deleteAccount: {
    title: 'Eliminar la cuenta de empresa', warning: 'Esto cancela tu suscripción de inmediato y elimina todas tus tiendas con sus ofertas, y tu cuenta. No se puede deshacer.',
  },
  details: { title: 'Datos de la tienda', registeredAt: 'Registrada el {{date}}', homepage: 'Sitio web' },
  back: 'Volver al panel de empresa',
};

export default business;
