import type { Language } from '../taxonomy/category.js';

type Tone = 'good' | 'mixed' | 'bad';

/** Visitors' words about a shop (delivery, packaging, service) by tone; `{shop}` is filled in. */
export const SHOP_REVIEW_TEXTS: Readonly<
  Record<Language, Readonly<Record<Tone, { readonly titles: readonly string[]; readonly bodies: readonly string[] }>>>
> = {
  en: {
    good: {
      titles: ['Fast and reliable', 'Would order again', 'Great service'],
      bodies: [
        'Ordered in the evening, delivered two days later, well packed. {shop} kept me informed throughout.',
        'The price matched the comparison and the parcel arrived on time. Easy checkout.',
        'Had a question about the warranty and {shop} answered within a day. Very friendly.',
      ],
    },
    mixed: {
      titles: ['Fine, but slow', 'Okay overall'],
      bodies: [
        'The item was fine, but delivery took a week longer than promised.',
        'Good price, the packaging could have been better. Customer service was polite.',
      ],
    },
    bad: {
      titles: ['Disappointing', 'Not again'],
      bodies: [
        'Delivery was late twice and nobody answered my e-mails for days.',
        'Shipping costs only showed at the very end of the checkout at {shop}. Not transparent.',
      ],
    },
  },
  de: {
    good: {
      titles: ['Schnell und zuverlässig', 'Gerne wieder', 'Top Service'],
      bodies: [
        'Abends bestellt, zwei Tage später geliefert und gut verpackt. {shop} hat mich laufend informiert.',
        'Der Preis stimmte mit dem Vergleich überein, das Paket kam pünktlich. Einfache Bestellung.',
        'Meine Frage zur Garantie hat {shop} innerhalb eines Tages beantwortet. Sehr freundlich.',
      ],
    },
    mixed: {
      titles: ['In Ordnung, aber langsam', 'Insgesamt okay'],
      bodies: [
        'Der Artikel war gut, die Lieferung dauerte aber eine Woche länger als angegeben.',
        'Guter Preis, die Verpackung hätte besser sein können. Der Kundendienst war höflich.',
      ],
    },
    bad: {
      titles: ['Enttäuschend', 'Nicht noch einmal'],
      bodies: [
        'Die Lieferung kam zweimal zu spät und auf meine E-Mails kam tagelang keine Antwort.',
        'Die Versandkosten zeigte {shop} erst ganz am Ende der Bestellung. Nicht transparent.',
      ],
    },
  },
  fr: {
    good: {
      titles: ['Rapide et fiable', 'Je recommande', 'Excellent service'],
      bodies: [
        'Commandé le soir, livré deux jours plus tard et bien emballé. {shop} m’a tenu informé.',
        'Le prix correspondait à la comparaison et le colis est arrivé à temps. Commande facile.',
        'J’avais une question sur la garantie, {shop} a répondu en un jour. Très aimable.',
      ],
    },
    mixed: {
      titles: ['Correct, mais lent', 'Bien dans l’ensemble'],
      bodies: [
        'L’article était bien, mais la livraison a pris une semaine de plus que prévu.',
        'Bon prix, l’emballage aurait pu être meilleur. Le service client était poli.',
      ],
    },
    bad: {
      titles: ['Décevant', 'Plus jamais'],
      bodies: [
        'La livraison a été en retard deux fois et personne n’a répondu à mes e-mails.',
        'Les frais de port ne sont apparus qu’à la toute fin de la commande chez {shop}.',
      ],
    },
  },
  it: {
    good: {
      titles: ['Veloce e affidabile', 'Ordinerò di nuovo', 'Ottimo servizio'],
      bodies: [
        'Ordinato la sera, consegnato due giorni dopo e ben imballato. {shop} mi ha sempre informato.',
        'Il prezzo corrispondeva al confronto e il pacco è arrivato puntuale. Ordine semplice.',
        'Avevo una domanda sulla garanzia e {shop} ha risposto in un giorno. Molto gentili.',
      ],
    },
    mixed: {
      titles: ['Bene, ma lento', 'Nel complesso ok'],
      bodies: [
        'L’articolo andava bene, ma la consegna ha richiesto una settimana in più del previsto.',
        'Buon prezzo, l’imballaggio poteva essere migliore. Il servizio clienti era cortese.',
      ],
    },
    bad: {
      titles: ['Deludente', 'Mai più'],
      bodies: [
        'La consegna è arrivata in ritardo due volte e nessuno ha risposto alle mie e-mail.',
        'Le spese di spedizione sono comparse solo alla fine dell’ordine su {shop}.',
      ],
    },
  },
  es: {
    good: {
      titles: ['Rápido y fiable', 'Volveré a comprar', 'Gran servicio'],
      bodies: [
        'Pedido por la noche, entregado dos días después y bien embalado. {shop} me mantuvo informado.',
        'El precio coincidía con la comparación y el paquete llegó a tiempo. Compra sencilla.',
        'Tenía una pregunta sobre la garantía y {shop} respondió en un día. Muy amables.',
      ],
    },
    mixed: {
      titles: ['Bien, pero lento', 'Correcto en general'],
      bodies: [
        'El artículo estaba bien, pero la entrega tardó una semana más de lo prometido.',
        'Buen precio, el embalaje podría ser mejor. La atención al cliente fue educada.',
      ],
    },
    bad: {
      titles: ['Decepcionante', 'Nunca más'],
      bodies: [
        'La entrega llegó tarde dos veces y nadie respondió a mis correos durante días.',
        'Los gastos de envío solo aparecieron al final del pedido en {shop}. Poco transparente.',
      ],
    },
  },
  pt: {
    good: {
      titles: ['Rápido e fiável', 'Voltaria a comprar', 'Ótimo serviço'],
      bodies: [
        'Encomendei à noite, chegou dois dias depois e bem embalado. A {shop} manteve-me informado.',
        'O preço correspondia à comparação e a encomenda chegou a horas. Compra simples.',
        'Tinha uma dúvida sobre a garantia e a {shop} respondeu num dia. Muito simpáticos.',
      ],
    },
    mixed: {
      titles: ['Bom, mas lento', 'No geral, razoável'],
      bodies: [
        'O artigo estava bom, mas a entrega demorou mais uma semana do que o prometido.',
        'Bom preço, a embalagem podia ser melhor. O apoio ao cliente foi educado.',
      ],
    },
    bad: {
      titles: ['Dececionante', 'Nunca mais'],
      bodies: [
        'A entrega chegou atrasada duas vezes e ninguém respondeu aos meus e-mails.',
        'Os portes só apareceram no fim da encomenda na {shop}. Pouco transparente.',
      ],
    },
  },
};
