import type { Vertical } from '../catalog/product-templates.js';
import type { Language } from '../taxonomy/category.js';

/** Parts of invented shop names, by language: a lead word and an ending. */
export const GENERAL_WORDS: Readonly<Record<Language, readonly string[]>> = {
  de: ['Preis', 'Mega', 'Blitz', 'Kauf', 'Alpen', 'Rhein', 'Nord', 'Stern', 'Falken', 'Bären'],
  fr: ['Prix', 'Maxi', 'Éclair', 'Bonheur', 'Hexa', 'Azur', 'Étoile', 'Léman'],
  it: ['Prezzo', 'Lampo', 'Stella', 'Sole', 'Aurora', 'Delta', 'Vela'],
  es: ['Precio', 'Rayo', 'Sol', 'Brisa', 'Faro', 'Luna'],
  pt: ['Preço', 'Atlântico', 'Farol', 'Sol', 'Tejo', 'Douro'],
  en: ['Value', 'Bright', 'Swift', 'Crown', 'Thames', 'Harbour', 'Oak'],
};

export const VERTICAL_WORDS: Readonly<Record<Vertical, Readonly<Record<Language, string>>>> = {
  electronics: { de: 'Technik', fr: 'Techno', it: 'Tecno', es: 'Tecno', pt: 'Tecno', en: 'Tech' },
  appliances: { de: 'Haushalt', fr: 'Maison', it: 'Casa', es: 'Hogar', pt: 'Casa', en: 'Home' },
  sports: { de: 'Sport', fr: 'Sport', it: 'Sport', es: 'Deporte', pt: 'Desporto', en: 'Sports' },
  toys: { de: 'Spiel', fr: 'Jouet', it: 'Gioco', es: 'Juguete', pt: 'Brinquedo', en: 'Toy' },
  garden: { de: 'Garten', fr: 'Jardin', it: 'Giardino', es: 'Jardín', pt: 'Jardim', en: 'Garden' },
  beauty: { de: 'Beauty', fr: 'Beauté', it: 'Bellezza', es: 'Belleza', pt: 'Beleza', en: 'Beauty' },
  fashion: { de: 'Mode', fr: 'Mode', it: 'Moda', es: 'Moda', pt: 'Moda', en: 'Style' },
};

/** Endings; a leading space makes a two-word name. */
export const NAME_ENDINGS: Readonly<Record<Language, readonly string[]>> = {
  de: ['welt', 'markt', 'haus', 'kontor', 'profi', 'lager', 'paradies', '24', ' Direkt', ' Outlet'],
  fr: [' Express', ' Discount', ' Center', ' Direct', ' Plus', ' Boutique'],
  it: [' Store', ' Point', ' Shop', ' Italia', ' Express', ' Market'],
  es: [' Store', ' Center', ' Online', ' Express', ' Market'],
  pt: [' Store', ' Online', ' Center', ' Loja', ' Market'],
  en: [' Direct', ' Depot', ' Warehouse', ' Outlet', ' Store', ' Hub'],
};

/** One-line shop descriptions, by language. */
export const SHOP_DESCRIPTIONS: Readonly<Record<Language, string>> = {
  de: 'Online-Händler mit eigenem Lager und schneller Lieferung.',
  fr: 'Boutique en ligne avec entrepôt propre et livraison rapide.',
  it: 'Negozio online con magazzino proprio e consegna rapida.',
  es: 'Tienda online con almacén propio y entrega rápida.',
  pt: 'Loja online com armazém próprio e entrega rápida.',
  en: 'Online retailer with its own warehouse and fast delivery.',
};

/** Lower-case ASCII for domains: "Éclair Boutique" → "eclair-boutique". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
