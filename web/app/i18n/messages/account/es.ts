import type { AccountMessages } from './en';

/** Español: los textos del área de cuenta. */
const account: AccountMessages = {
  auth: {
    loginTitle: 'Iniciar sesión', registerTitle: 'Crear una cuenta', email: 'Correo electrónico', password: 'Contraseña', passwordConfirmation: 'Confirmar contraseña',
    name: 'Nombre', phone: 'Teléfono (opcional)', remember: 'Recordarme', forgot: '¿Olvidaste tu contraseña?', submitLogin: 'Iniciar sesión', submitRegister: 'Crear cuenta',
    noAccount: '¿Aún no tienes cuenta?', registerLink: 'Regístrate', haveAccount: '¿Ya estás registrado?', loginLink: 'Inicia sesión', social: 'O continúa con',
    terms: 'He leído y acepto los términos y condiciones y las condiciones de publicación.', logout: 'Cerrar sesión',
    failed: 'Estas credenciales no coinciden con nuestros registros.', throttled: 'Demasiados intentos. Vuelve a intentarlo dentro de {{seconds}} segundos.',
    registered: 'Revisa tu correo: te hemos enviado un mensaje para terminar el registro. Después inicia sesión aquí.', emailRestored: 'Tu dirección de correo se ha restablecido y se han cerrado todas las sesiones. Te hemos enviado un enlace para elegir una nueva contraseña.', restoreFailed: 'Este enlace no es válido o ha caducado.', tokenInvalid: 'Este enlace para restablecer la contraseña no es válido o ha caducado.',
  },
  validation: {
    required: 'Este campo es obligatorio.', email: 'Introduce un correo electrónico válido.', max: 'Es demasiado largo.', passwordMin: 'Al menos 6 caracteres.',
    confirmed: 'Las contraseñas no coinciden.', accepted: 'Acepta las condiciones.', phone: 'Introduce un número de teléfono válido.', unique: 'Ya está en uso.',
    invalid: 'Este valor no es válido.', confirm: 'Confírmalo, por favor.', price: 'Introduce un precio, por ejemplo 249.90.', percent: 'Introduce un número entero del 1 al 99.',
  },
  account: {
    title: 'Tu cuenta', favourites: 'Tus favoritos', alerts: 'Tus alertas de precio', sections: 'Secciones de la cuenta', overview: 'Resumen',
    profile: 'Perfil', memberSince: 'miembro desde el {{date}}', language: 'Idioma de correos y notificaciones',
    saveProfile: 'Guardar perfil', profileSaved: 'Tu perfil se ha guardado.', emailChanged: 'Tu perfil se ha guardado. Confirma {{email}} con el enlace que te hemos enviado allí. Hemos avisado a tu dirección anterior, que puede deshacer el cambio.',
    passwordTitle: 'Contraseña', currentPassword: 'Contraseña actual', passwordForEmail: 'Contraseña actual (necesaria para cambiar el correo)', changePassword: 'Cambiar contraseña',
    passwordChanged: 'Tu contraseña se ha cambiado. Se ha cerrado tu sesión en todos los demás sitios.', wrongPassword: 'La contraseña no es correcta.',
    businessTitle: 'Cuenta de empresa', businessIntro: 'Los comerciantes publican sus tiendas con una cuenta de empresa.', company: 'Empresa',
    enableBusiness: 'Abrir una cuenta de empresa', businessEnabled: 'Ahora tienes una cuenta de empresa para {{company}}.', businessActive: 'Tienes una cuenta de empresa para {{company}}.',
    deleteTitle: 'Eliminar cuenta', deleteWarning: 'Esto elimina tu cuenta con tus favoritos y alertas de precio. No se puede deshacer.',
    deleteConfirm: 'Entiendo que no se puede deshacer.', deleteSubmit: 'Eliminar mi cuenta',
  },
  verify: {
    unverified: 'Revisa primero tu correo: confirma tu dirección con el enlace que te hemos enviado.', resend: 'Enviar un enlace nuevo',
    resent: 'Se ha enviado un nuevo enlace de confirmación a tu correo.', throttled: 'Acabamos de enviar un enlace. Vuelve a intentarlo dentro de {{seconds}} segundos.',
    done: 'Gracias: tu dirección de correo está confirmada.', failed: 'Este enlace de confirmación no es válido o ha caducado. Pide uno nuevo abajo.',
    already: 'Tu dirección de correo ya está confirmada.', verifiedBadge: 'Correo confirmado', unverifiedBadge: 'Correo aún sin confirmar',
  },
  password: {
    requestTitle: '¿Olvidaste tu contraseña?', requestIntro: 'Introduce el correo de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva.',
    requestSubmit: 'Enviarme un enlace', linkEmailed: 'Te hemos enviado el enlace para restablecer la contraseña. Es válido durante {{minutes}} minutos.',
    throttled: 'Acabamos de enviar un enlace. Vuelve a intentarlo dentro de {{seconds}} segundos.', resetTitle: 'Elige una contraseña nueva', new: 'Contraseña nueva',
    rules: 'Las contraseñas deben tener al menos seis caracteres y coincidir con la confirmación.', resetSubmit: 'Restablecer contraseña', done: 'Tu contraseña se ha restablecido.',
    requestAgain: 'Pedir un nuevo enlace',
  },
  favourites: {
    title: 'Favoritos', all: 'Todos los favoritos', list: 'Lista: {{name}}', signInPrompt: 'Inicia sesión para guardar favoritos y verlos en todos tus dispositivos.',
    empty: 'Aún no hay favoritos.', signIn: 'Iniciar sesión', recentlyViewedHint: 'Tus productos vistos recientemente están en la página de inicio.',
    manage: 'Gestionar listas', lists: 'Tus listas', public: 'Pública', sharedList: 'Una lista compartida contigo.', newList: 'Lista nueva', makePublic: 'Cualquiera con el enlace puede ver esta lista',
    createList: 'Crear lista', renameList: 'Renombrar o compartir', listName: 'Nombre de la lista', saveList: 'Guardar lista', listSaved: 'La lista se ha guardado.', deleteList: 'Eliminar esta lista',
    view: 'Abrir la página de la lista', publicLink: 'Abrir la página pública de la lista', emptyList: 'Esta lista está vacía. Añade productos con el corazón en una página de producto.',
    remove: 'Quitar', removeProduct: 'Quitar {{name}} de esta lista', removed: 'El producto se ha quitado.', addTitle: 'Añadir {{name}} a tus favoritos',
    toList: 'Lista', add: 'Añadir', added: 'Añadido a {{list}}.', tooManyLists: 'Tienes el número máximo de listas. Elimina una primero.',
    defaultList: 'Tu lista principal no se puede eliminar.', listFull: 'Esta lista está llena.',
  },
  alerts: {
    yours: 'Tus alertas', createFor: 'Nueva alerta de precio para {{name}}', currentPrice: 'Ahora', country: 'País', kind: 'Avísame cuando',
    kinds: { target_price: 'el precio llegue a mi objetivo o baje de él', percentage_drop: 'el precio baje un porcentaje', back_in_stock: 'vuelva a haber existencias' },
    targetPrice: 'Precio objetivo ({{currency}})', dropPercent: 'Bajada en porcentaje', rearmAutomatically: 'Volver a vigilar cuando la condición deje de cumplirse',
    byEmail: 'Avísame también por correo', create: 'Crear alerta', created: 'Tu alerta de precio está creada.',
    firedOnCreation: 'Tu alerta de precio está creada y el precio ya la cumple: se ha disparado al momento.',
    conditions: { target_price: 'a {{price}} o menos', percentage_drop: '{{percent}}% por debajo de {{price}}', back_in_stock: 'de nuevo disponible' },
    states: { armed: 'En espera', fired: 'Disparada', paused: 'En pausa' }, firedAt: 'disparada el {{date}}',
    rearm: 'Reactivar', rearmProduct: 'Reactivar la alerta de {{name}}', rearmed: 'La alerta vuelve a estar en espera.', firedOnRearm: 'El precio ya cumple la alerta: se ha vuelto a disparar al momento.',
    delete: 'Eliminar', deleteProduct: 'Eliminar la alerta de {{name}}', deleted: 'La alerta se ha eliminado.',
    empty: 'Aún no hay alertas de precio. Usa el botón de alerta de precio en una página de producto.', exists: 'Ya tienes esta alerta para este producto y país.',
    tooMany: 'Tienes el número máximo de alertas. Elimina una primero.',
  },
  push: {
    title: 'Notificaciones push', unsupported: 'Este navegador no admite notificaciones push.', needsScript: 'Las notificaciones push necesitan JavaScript.',
    helperText: 'Permite las notificaciones y te avisaremos en cuanto baje un precio.', helperButton: 'Permitir notificaciones',
    enable: 'Activar notificaciones', disable: 'Desactivar notificaciones', on: 'Las notificaciones están activadas en este navegador.', off: 'Las notificaciones están desactivadas en este navegador.',
    welcomeTitle: 'Notificaciones activadas', welcomeBody: 'Te avisaremos cuando baje un precio.',
    testTitle: 'Enviar una notificación de prueba', username: 'Nombre de usuario', message: 'Mensaje', send: 'Enviar',
    sent: 'Enviada: la han recibido {{n}} navegadores.', noSubscription: 'Ningún navegador tiene notificaciones activadas para este nombre de usuario.', rateLimited: 'Han sido muchas pruebas. Espera un minuto.',
  },
};

export default account;
