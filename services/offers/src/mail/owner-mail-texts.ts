import type { OwnerNoticeKind } from '../domain/owner-notice.js';

export interface OwnerNoticeText {
  readonly subject: (shop: string) => string;
  /** `detail`: the products read (feedsAnalysed), the feed's URL (feedFailing, feedRecovered). */
  readonly body: (shop: string, detail: string) => string;
}

export interface OwnerMailTexts {
  readonly greeting: (name: string) => string;
  readonly dashboard: string;
  /** The link of feed notices: the shop's settings, where its feeds and their last fetch are. */
  readonly shopSettings: string;
  /** "{valid} of {total} products" for the feed analysis. */
  readonly productsRead: (valid: number, total: number) => string;
  readonly notices: Readonly<Record<OwnerNoticeKind, OwnerNoticeText>>;
}

const en: OwnerMailTexts = {
  greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
  dashboard: 'Open your business dashboard',
  shopSettings: 'Open the shop settings',
  productsRead: (valid, total) => `${valid} of ${total} products`,
  notices: {
    registered: {
      subject: (shop) => `${shop} is registered`,
      body: (shop) =>
        `Your shop ${shop} is registered. Next, add a payment card and start the subscription in your business dashboard.`,
    },
    subscriptionStarted: {
      subject: (shop) => `Subscription started for ${shop}`,
      body: (shop) =>
        `The subscription for ${shop} started successfully. We are analysing your product feeds and will contact you when your shop is ready.`,
    },
    feedsAnalysed: {
      subject: (shop) => `Product feeds of ${shop} analysed`,
      body: (shop, detail) =>
        `We have analysed the product feeds of ${shop} and read ${detail}. Our team checks them and activates your shop.`,
    },
    activated: {
      subject: (shop) => `${shop} is live`,
      body: (shop) => `${shop} is activated: its offers now appear on pricecompare.`,
    },
    reinstated: {
      subject: (shop) => `${shop} is listed again`,
      body: (shop) => `Thank you: the subscription is paid, and ${shop} is listed again.`,
    },
    suspendedPayment: {
      subject: (shop) => `${shop} is suspended`,
      body: (shop) =>
        `An invoice stayed unpaid or the subscription ended, so the offers of ${shop} are no longer shown. Update your card or start the subscription again in your business dashboard.`,
    },
    suspendedStaff: {
      subject: (shop) => `${shop} is suspended`,
      body: (shop) =>
        `Our team has suspended ${shop}; its offers are no longer shown. Reply to this email if you have questions.`,
    },
    paymentFailed: {
      subject: () => 'Your payment failed',
      body: () =>
        'We could not charge your card for the subscription. We will try again; please check your card in your business dashboard.',
    },
    feedFailing: {
      subject: (shop) => `The product feed of ${shop} cannot be read`,
      body: (shop, feed) =>
        `We could not read the product feed ${feed} of ${shop}. We keep trying at its usual interval and will tell you when it works again.`,
    },
    feedRecovered: {
      subject: (shop) => `The product feed of ${shop} works again`,
      body: (shop, feed) =>
        `We read the product feed ${feed} of ${shop} successfully again. Its offers are updated from it as before.`,
    },
    deleted: {
      subject: (shop) => `${shop} is deleted`,
      body: (shop) => `${shop} and its offers, feeds and URL parameters are deleted. This cannot be undone.`,
    },
  },
};

const de: OwnerMailTexts = {
  greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
  dashboard: 'Zum Geschäftskunden-Dashboard',
  shopSettings: 'Zu den Shop-Einstellungen',
  productsRead: (valid, total) => `${valid} von ${total} Produkten`,
  notices: {
    registered: {
      subject: (shop) => `${shop} ist registriert`,
      body: (shop) =>
        `Ihr Shop ${shop} ist registriert. Hinterlegen Sie als Nächstes eine Zahlungskarte und starten Sie das Abonnement in Ihrem Dashboard.`,
    },
    subscriptionStarted: {
      subject: (shop) => `Abonnement für ${shop} gestartet`,
      body: (shop) =>
        `Das Abonnement für ${shop} wurde erfolgreich gestartet. Wir analysieren Ihre Produktfeeds und melden uns, sobald Ihr Shop bereit ist.`,
    },
    feedsAnalysed: {
      subject: (shop) => `Produktfeeds von ${shop} analysiert`,
      body: (shop, detail) =>
        `Wir haben die Produktfeeds von ${shop} analysiert und ${detail} gelesen. Unser Team prüft sie und aktiviert Ihren Shop.`,
    },
    activated: {
      subject: (shop) => `${shop} ist online`,
      body: (shop) => `${shop} ist aktiviert: Seine Angebote erscheinen jetzt auf pricecompare.`,
    },
    reinstated: {
      subject: (shop) => `${shop} ist wieder gelistet`,
      body: (shop) => `Vielen Dank: Das Abonnement ist bezahlt, und ${shop} ist wieder gelistet.`,
    },
    suspendedPayment: {
      subject: (shop) => `${shop} ist gesperrt`,
      body: (shop) =>
        `Eine Rechnung blieb unbezahlt oder das Abonnement endete, deshalb werden die Angebote von ${shop} nicht mehr gezeigt. Aktualisieren Sie Ihre Karte oder starten Sie das Abonnement in Ihrem Dashboard erneut.`,
    },
    suspendedStaff: {
      subject: (shop) => `${shop} ist gesperrt`,
      body: (shop) =>
        `Unser Team hat ${shop} gesperrt; seine Angebote werden nicht mehr gezeigt. Antworten Sie auf diese E-Mail, wenn Sie Fragen haben.`,
    },
    paymentFailed: {
      subject: () => 'Ihre Zahlung ist fehlgeschlagen',
      body: () =>
        'Wir konnten Ihre Karte für das Abonnement nicht belasten. Wir versuchen es erneut; bitte prüfen Sie Ihre Karte in Ihrem Dashboard.',
    },
    feedFailing: {
      subject: (shop) => `Der Produktfeed von ${shop} kann nicht gelesen werden`,
      body: (shop, feed) =>
        `Wir konnten den Produktfeed ${feed} von ${shop} nicht lesen. Wir versuchen es in seinem üblichen Abstand weiter und melden uns, sobald er wieder funktioniert.`,
    },
    feedRecovered: {
      subject: (shop) => `Der Produktfeed von ${shop} funktioniert wieder`,
      body: (shop, feed) =>
        `Wir konnten den Produktfeed ${feed} von ${shop} wieder erfolgreich lesen. Seine Angebote werden wie bisher daraus aktualisiert.`,
    },
    deleted: {
      subject: (shop) => `${shop} ist gelöscht`,
      body: (shop) =>
        `${shop} und seine Angebote, Feeds und URL-Parameter sind gelöscht. Das kann nicht rückgängig gemacht werden.`,
    },
  },
};

const fr: OwnerMailTexts = {
  greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
  dashboard: 'Ouvrir votre tableau de bord professionnel',
  shopSettings: 'Ouvrir les paramètres de la boutique',
  productsRead: (valid, total) => `${valid} produits sur ${total}`,
  notices: {
    registered: {
      subject: (shop) => `${shop} est inscrite`,
      body: (shop) =>
        `Votre boutique ${shop} est inscrite. Ajoutez ensuite une carte de paiement et démarrez l’abonnement dans votre tableau de bord.`,
    },
    subscriptionStarted: {
      subject: (shop) => `Abonnement démarré pour ${shop}`,
      body: (shop) =>
        `L’abonnement de ${shop} a démarré avec succès. Nous analysons vos flux de produits et vous contacterons lorsque votre boutique sera prête.`,
    },
    feedsAnalysed: {
      subject: (shop) => `Flux de produits de ${shop} analysés`,
      body: (shop, detail) =>
        `Nous avons analysé les flux de produits de ${shop} et lu ${detail}. Notre équipe les vérifie et active votre boutique.`,
    },
    activated: {
      subject: (shop) => `${shop} est en ligne`,
      body: (shop) => `${shop} est activée : ses offres apparaissent désormais sur pricecompare.`,
    },
    reinstated: {
      subject: (shop) => `${shop} est de nouveau référencée`,
      body: (shop) => `Merci : l’abonnement est payé et ${shop} est de nouveau référencée.`,
    },
    suspendedPayment: {
      subject: (shop) => `${shop} est suspendue`,
      body: (shop) =>
        `Une facture est restée impayée ou l’abonnement a pris fin : les offres de ${shop} ne sont plus affichées. Mettez à jour votre carte ou redémarrez l’abonnement dans votre tableau de bord.`,
    },
    suspendedStaff: {
      subject: (shop) => `${shop} est suspendue`,
      body: (shop) =>
        `Notre équipe a suspendu ${shop} ; ses offres ne sont plus affichées. Répondez à cet e-mail si vous avez des questions.`,
    },
    paymentFailed: {
      subject: () => 'Votre paiement a échoué',
      body: () =>
        'Nous n’avons pas pu débiter votre carte pour l’abonnement. Nous réessaierons ; veuillez vérifier votre carte dans votre tableau de bord.',
    },
    feedFailing: {
      subject: (shop) => `Le flux de produits de ${shop} ne peut pas être lu`,
      body: (shop, feed) =>
        `Nous n’avons pas pu lire le flux de produits ${feed} de ${shop}. Nous continuons d’essayer à son intervalle habituel et vous préviendrons dès qu’il fonctionnera de nouveau.`,
    },
    feedRecovered: {
      subject: (shop) => `Le flux de produits de ${shop} fonctionne de nouveau`,
      body: (shop, feed) =>
        `Nous avons de nouveau lu avec succès le flux de produits ${feed} de ${shop}. Ses offres sont mises à jour à partir de celui-ci comme avant.`,
    },
    deleted: {
      subject: (shop) => `${shop} est supprimée`,
      body: (shop) => `${shop} et ses offres, flux et paramètres d’URL sont supprimés. Cette action est irréversible.`,
    },
  },
};

const it: OwnerMailTexts = {
  greeting: (name) => (name ? `Ciao ${name},` : 'Ciao,'),
  dashboard: 'Apri la dashboard aziendale',
  shopSettings: 'Apri le impostazioni del negozio',
  productsRead: (valid, total) => `${valid} prodotti su ${total}`,
  notices: {
    registered: {
      subject: (shop) => `${shop} è registrato`,
      body: (shop) =>
        `Il tuo negozio ${shop} è registrato. Ora aggiungi una carta di pagamento e avvia l’abbonamento nella dashboard.`,
    },
    subscriptionStarted: {
      subject: (shop) => `Abbonamento avviato per ${shop}`,
      body: (shop) =>
        `L’abbonamento per ${shop} è stato avviato con successo. Stiamo analizzando i tuoi feed di prodotti e ti contatteremo quando il negozio sarà pronto.`,
    },
    feedsAnalysed: {
      subject: (shop) => `Feed di prodotti di ${shop} analizzati`,
      body: (shop, detail) =>
        `Abbiamo analizzato i feed di prodotti di ${shop} e letto ${detail}. Il nostro team li verifica e attiva il negozio.`,
    },
    activated: {
      subject: (shop) => `${shop} è online`,
      body: (shop) => `${shop} è attivato: le sue offerte ora compaiono su pricecompare.`,
    },
    reinstated: {
      subject: (shop) => `${shop} è di nuovo elencato`,
      body: (shop) => `Grazie: l’abbonamento è pagato e ${shop} è di nuovo elencato.`,
    },
    suspendedPayment: {
      subject: (shop) => `${shop} è sospeso`,
      body: (shop) =>
        `Una fattura è rimasta non pagata o l’abbonamento è terminato, quindi le offerte di ${shop} non sono più mostrate. Aggiorna la carta o riavvia l’abbonamento nella dashboard.`,
    },
    suspendedStaff: {
      subject: (shop) => `${shop} è sospeso`,
      body: (shop) =>
        `Il nostro team ha sospeso ${shop}; le sue offerte non sono più mostrate. Rispondi a questa e-mail se hai domande.`,
    },
    paymentFailed: {
      subject: () => 'Il pagamento non è riuscito',
      body: () =>
        'Non siamo riusciti ad addebitare la tua carta per l’abbonamento. Riproveremo; verifica la carta nella dashboard.',
    },
    feedFailing: {
      subject: (shop) => `Il feed di prodotti di ${shop} non può essere letto`,
      body: (shop, feed) =>
        `Non siamo riusciti a leggere il feed di prodotti ${feed} di ${shop}. Continuiamo a provare al suo intervallo abituale e ti avviseremo quando funzionerà di nuovo.`,
    },
    feedRecovered: {
      subject: (shop) => `Il feed di prodotti di ${shop} funziona di nuovo`,
      body: (shop, feed) =>
        `Abbiamo di nuovo letto correttamente il feed di prodotti ${feed} di ${shop}. Le sue offerte vengono aggiornate da esso come prima.`,
    },
    deleted: {
      subject: (shop) => `${shop} è eliminato`,
      body: (shop) =>
        `${shop} e le sue offerte, feed e parametri URL sono eliminati. L’operazione non può essere annullata.`,
    },
  },
};

const es: OwnerMailTexts = {
  greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
  dashboard: 'Abrir tu panel de empresa',
  shopSettings: 'Abrir la configuración de la tienda',
  productsRead: (valid, total) => `${valid} de ${total} productos`,
  notices: {
    registered: {
      subject: (shop) => `${shop} está registrada`,
      body: (shop) =>
        `Tu tienda ${shop} está registrada. Ahora añade una tarjeta de pago e inicia la suscripción en tu panel.`,
    },
    subscriptionStarted: {
      subject: (shop) => `Suscripción iniciada para ${shop}`,
      body: (shop) =>
        `La suscripción de ${shop} se inició correctamente. Estamos analizando tus feeds de productos y te contactaremos cuando tu tienda esté lista.`,
    },
    feedsAnalysed: {
      subject: (shop) => `Feeds de productos de ${shop} analizados`,
      body: (shop, detail) =>
        `Hemos analizado los feeds de productos de ${shop} y leído ${detail}. Nuestro equipo los revisa y activa tu tienda.`,
    },
    activated: {
      subject: (shop) => `${shop} está en línea`,
      body: (shop) => `${shop} está activada: sus ofertas ya aparecen en pricecompare.`,
    },
    reinstated: {
      subject: (shop) => `${shop} vuelve a aparecer`,
      body: (shop) => `Gracias: la suscripción está pagada y ${shop} vuelve a aparecer.`,
    },
    suspendedPayment: {
      subject: (shop) => `${shop} está suspendida`,
      body: (shop) =>
        `Una factura quedó sin pagar o la suscripción terminó, por eso las ofertas de ${shop} ya no se muestran. Actualiza tu tarjeta o inicia de nuevo la suscripción en tu panel.`,
    },
    suspendedStaff: {
      subject: (shop) => `${shop} está suspendida`,
      body: (shop) =>
        `Nuestro equipo ha suspendido ${shop}; sus ofertas ya no se muestran. Responde a este correo si tienes preguntas.`,
    },
    paymentFailed: {
      subject: () => 'Tu pago ha fallado',
      body: () =>
        'No pudimos cargar tu tarjeta para la suscripción. Lo intentaremos de nuevo; revisa tu tarjeta en tu panel.',
    },
    feedFailing: {
      subject: (shop) => `No se puede leer el feed de productos de ${shop}`,
      body: (shop, feed) =>
        `No hemos podido leer el feed de productos ${feed} de ${shop}. Seguimos intentándolo con su intervalo habitual y te avisaremos cuando vuelva a funcionar.`,
    },
    feedRecovered: {
      subject: (shop) => `El feed de productos de ${shop} vuelve a funcionar`,
      body: (shop, feed) =>
        `Hemos vuelto a leer correctamente el feed de productos ${feed} de ${shop}. Sus ofertas se actualizan a partir de él como antes.`,
    },
    deleted: {
      subject: (shop) => `${shop} está eliminada`,
      body: (shop) => `${shop} y sus ofertas, feeds y parámetros de URL están eliminados. No se puede deshacer.`,
    },
  },
};

const pt: OwnerMailTexts = {
  greeting: (name) => (name ? `Olá ${name},` : 'Olá,'),
  dashboard: 'Abrir o seu painel empresarial',
  shopSettings: 'Abrir as definições da loja',
  productsRead: (valid, total) => `${valid} de ${total} produtos`,
  notices: {
    registered: {
      subject: (shop) => `${shop} está registada`,
      body: (shop) =>
        `A sua loja ${shop} está registada. A seguir, adicione um cartão de pagamento e inicie a assinatura no seu painel.`,
    },
    subscriptionStarted: {
      subject: (shop) => `Assinatura iniciada para ${shop}`,
      body: (shop) =>
        `A assinatura de ${shop} foi iniciada com sucesso. Estamos a analisar os seus feeds de produtos e entraremos em contacto quando a loja estiver pronta.`,
    },
    feedsAnalysed: {
      subject: (shop) => `Feeds de produtos de ${shop} analisados`,
      body: (shop, detail) =>
        `Analisámos os feeds de produtos de ${shop} e lemos ${detail}. A nossa equipa verifica-os e ativa a sua loja.`,
    },
    activated: {
      subject: (shop) => `${shop} está online`,
      body: (shop) => `${shop} está ativada: as suas ofertas aparecem agora no pricecompare.`,
    },
    reinstated: {
      subject: (shop) => `${shop} voltou a ser listada`,
      body: (shop) => `Obrigado: a assinatura está paga e ${shop} voltou a ser listada.`,
    },
    suspendedPayment: {
      subject: (shop) => `${shop} está suspensa`,
      body: (shop) =>
        `Uma fatura ficou por pagar ou a assinatura terminou, por isso as ofertas de ${shop} já não são mostradas. Atualize o seu cartão ou inicie novamente a assinatura no seu painel.`,
    },
    suspendedStaff: {
      subject: (shop) => `${shop} está suspensa`,
      body: (shop) =>
        `A nossa equipa suspendeu ${shop}; as suas ofertas já não são mostradas. Responda a este e-mail se tiver perguntas.`,
    },
    paymentFailed: {
      subject: () => 'O seu pagamento falhou',
      body: () =>
        'Não conseguimos debitar o seu cartão para a assinatura. Tentaremos novamente; verifique o seu cartão no seu painel.',
    },
    feedFailing: {
      subject: (shop) => `Não é possível ler o feed de produtos de ${shop}`,
      body: (shop, feed) =>
        `Não conseguimos ler o feed de produtos ${feed} de ${shop}. Continuamos a tentar no seu intervalo habitual e avisamos quando voltar a funcionar.`,
    },
    feedRecovered: {
      subject: (shop) => `O feed de produtos de ${shop} voltou a funcionar`,
      body: (shop, feed) =>
        `Voltámos a ler com sucesso o feed de produtos ${feed} de ${shop}. As suas ofertas são atualizadas a partir dele como antes.`,
    },
    deleted: {
      subject: (shop) => `${shop} está eliminada`,
      body: (shop) => `${shop} e as suas ofertas, feeds e parâmetros de URL foram eliminados. Não é possível anular.`,
    },
  },
};

const ALL: Readonly<Record<string, OwnerMailTexts>> = { en, de, fr, it, es, pt };

/** The owner's language (accounts' preference), English otherwise (spec §1 fallback). */
export const ownerMailTexts = (language: string): OwnerMailTexts => ALL[language] ?? en;
