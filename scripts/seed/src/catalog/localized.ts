import type { Language } from '../taxonomy/category.js';

/** A word or phrase in every site language. */
export type Localized = Readonly<Record<Language, string>>;

/** Colours: the most common variant dimension of a product family. */
export interface Colour {
  readonly code: string;
  readonly names: Localized;
}

export const COLOURS: readonly Colour[] = [
  { code: 'BK', names: { en: 'Black', de: 'Schwarz', fr: 'Noir', it: 'Nero', es: 'Negro', pt: 'Preto' } },
  { code: 'WH', names: { en: 'White', de: 'Weiss', fr: 'Blanc', it: 'Bianco', es: 'Blanco', pt: 'Branco' } },
  { code: 'SV', names: { en: 'Silver', de: 'Silber', fr: 'Argent', it: 'Argento', es: 'Plata', pt: 'Prateado' } },
  { code: 'GR', names: { en: 'Graphite', de: 'Graphit', fr: 'Graphite', it: 'Grafite', es: 'Grafito', pt: 'Grafite' } },
  { code: 'BL', names: { en: 'Blue', de: 'Blau', fr: 'Bleu', it: 'Blu', es: 'Azul', pt: 'Azul' } },
  { code: 'RD', names: { en: 'Red', de: 'Rot', fr: 'Rouge', it: 'Rosso', es: 'Rojo', pt: 'Vermelho' } },
  { code: 'GN', names: { en: 'Green', de: 'Grün', fr: 'Vert', it: 'Verde', es: 'Verde', pt: 'Verde' } },
  { code: 'RS', names: { en: 'Rose', de: 'Rosé', fr: 'Rose', it: 'Rosa', es: 'Rosa', pt: 'Rosa' } },
  { code: 'SN', names: { en: 'Sand', de: 'Sand', fr: 'Sable', it: 'Sabbia', es: 'Arena', pt: 'Areia' } },
];

/** Words shops add to titles, per language. */
export const TITLE_EXTRAS: Readonly<Record<Language, readonly string[]>> = {
  en: ['NEW', 'Official UK Stock', 'Free Delivery', '2-Year Warranty', 'Latest Model'],
  de: ['NEU', 'OVP', 'Neuware', 'Top-Angebot', 'mit Garantie', 'Modell 2025'],
  fr: ['NEUF', 'Garantie 2 ans', 'Livraison gratuite', 'Nouveau modèle'],
  it: ['NUOVO', 'Garanzia Italia', 'Spedizione gratuita', 'Ultimo modello'],
  es: ['NUEVO', 'Garantía 3 años', 'Envío gratis', 'Último modelo'],
  pt: ['NOVO', 'Garantia 3 anos', 'Portes grátis', 'Modelo novo'],
};

/** "{noun} from {brand}" joiners for the word-order variants of titles. */
export const BY_BRAND: Localized = { en: 'by', de: 'von', fr: 'de', it: 'di', es: 'de', pt: 'da' };

/** Delivery-time texts shops write for items in stock, by language. */
export const DELIVERY_IN_STOCK: Readonly<Record<Language, readonly string[]>> = {
  en: ['Next working day', '1-2 working days', '2-3 working days', '3-5 working days'],
  de: ['1-2 Werktage', '2-4 Werktage', 'Lieferung in 24 Stunden', '3-5 Werktage'],
  fr: ['Livré en 24/48h', '2 à 4 jours ouvrés', 'Expédié sous 24h', '3 à 5 jours ouvrés'],
  it: ['Consegna in 24/48 ore', '2-4 giorni lavorativi', 'Spedito in 24 ore', '3-5 giorni lavorativi'],
  es: ['Entrega en 24/48h', '2-4 días laborables', 'Envío en 24 horas', '3-5 días laborables'],
  pt: ['Entrega em 24/48h', '2-4 dias úteis', 'Envio em 24 horas', '3-5 dias úteis'],
};

export const DELIVERY_LIMITED: Localized = {
  en: 'Only a few left, 3-7 working days',
  de: 'Nur noch wenige Stück, 3-7 Werktage',
  fr: 'Plus que quelques pièces, 3 à 7 jours',
  it: 'Ultimi pezzi, 3-7 giorni',
  es: 'Últimas unidades, 3-7 días',
  pt: 'Últimas unidades, 3-7 dias',
};

export const DELIVERY_UNAVAILABLE: Localized = {
  en: 'Currently unavailable',
  de: 'Derzeit nicht lieferbar',
  fr: 'Actuellement indisponible',
  it: 'Attualmente non disponibile',
  es: 'No disponible actualmente',
  pt: 'Atualmente indisponível',
};

export const DELIVERY_PRE_ORDER: Localized = {
  en: 'Pre-order: ships on release',
  de: 'Vorbestellung: Versand ab Erscheinen',
  fr: 'Précommande : expédié à la sortie',
  it: 'Preordine: spedito all’uscita',
  es: 'Reserva: envío en el lanzamiento',
  pt: 'Pré-venda: enviado no lançamento',
};

/** The shop's one-line description of an item: `{noun} {brand} {model}` then a sentence. */
export const DESCRIPTION_SENTENCES: Readonly<Record<Language, readonly string[]>> = {
  en: [
    'Genuine product with full manufacturer warranty.',
    'Ships from our own warehouse.',
    'Order today, enjoy it tomorrow.',
  ],
  de: [
    'Originalware mit voller Herstellergarantie.',
    'Versand direkt aus unserem Lager.',
    'Heute bestellt, morgen geliefert.',
  ],
  fr: [
    'Produit authentique avec garantie constructeur.',
    'Expédié depuis notre entrepôt.',
    'Commandez aujourd’hui, recevez demain.',
  ],
  it: [
    'Prodotto originale con garanzia del produttore.',
    'Spedito dal nostro magazzino.',
    'Ordina oggi, ricevi domani.',
  ],
  es: [
    'Producto original con garantía del fabricante.',
    'Enviado desde nuestro almacén.',
    'Pide hoy, recíbelo mañana.',
  ],
  pt: ['Produto original com garantia do fabricante.', 'Enviado do nosso armazém.', 'Encomende hoje, receba amanhã.'],
};
