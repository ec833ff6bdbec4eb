import type { IndexSchema, SearchDocument } from '../search-index.js';

export type Product = SearchDocument & {
  readonly name: string;
  readonly description?: string;
  readonly brand: string;
  readonly category: string;
  readonly shops: readonly string[];
  readonly gtin?: string;
  readonly mpn?: string;
  readonly price: number;
  readonly rating?: number | null;
};

export const PRODUCT_SCHEMA: Omit<IndexSchema, 'name'> = {
  fields: {
    name: { type: 'text', boost: 3 },
    description: { type: 'text' },
    brand: { type: 'keyword' },
    category: { type: 'keyword' },
    shops: { type: 'keyword' },
    gtin: { type: 'keyword' },
    mpn: { type: 'keyword' },
    price: { type: 'number' },
    rating: { type: 'number' },
  },
  suggestField: 'name',
};

/** Eight products in several languages; GTINs are stored as GTIN-14 (docs/architecture.md §6). */
export const PRODUCTS: readonly Product[] = [
  {
    id: 'p1',
    name: 'Samsung Galaxy S24 Smartphone 128 GB',
    description: 'Android phone with a bright display',
    brand: 'Samsung',
    category: 'phones',
    shops: ['amazon', 'mediamarkt'],
    gtin: '08806095299761',
    price: 79900,
    rating: 4.5,
  },
  {
    id: 'p2',
    name: 'Apple iPhone 15 Pro',
    description: 'Smartphone in titanium. Charges with Samsung chargers too.',
    brand: 'Apple',
    category: 'phones',
    shops: ['amazon'],
    gtin: '00195949038488',
    price: 119900,
    rating: 4.8,
  },
  {
    id: 'p3',
    name: 'Bosch Kühlschrank KGN39VLEB',
    description: 'Kühl-Gefrier-Kombination, 203 cm, Edelstahl',
    brand: 'Bosch',
    category: 'fridges',
    shops: ['otto'],
    gtin: '04242005196563',
    price: 89900,
    rating: 4.2,
  },
  {
    id: 'p4',
    name: 'Liebherr Kühlschränke Set',
    description: 'Zwei Geräte für die Küche',
    brand: 'Liebherr',
    category: 'fridges',
    shops: ['otto', 'mediamarkt'],
    price: 129900,
    rating: null,
  },
  {
    id: 'p5',
    name: 'Téléviseur LG OLED 55 pouces',
    description: 'Smart TV 4K, son Dolby Atmos',
    brand: 'LG',
    category: 'tvs',
    shops: ['fnac'],
    price: 149900,
    rating: 4.6,
  },
  {
    id: 'p6',
    name: 'Sony Bravia 4K Fernseher 65 Zoll',
    description: 'Google TV mit HDR',
    brand: 'Sony',
    category: 'tvs',
    shops: ['mediamarkt', 'amazon'],
    mpn: 'XR-65A80L',
    price: 199900,
    rating: 4.4,
  },
  {
    id: 'p7',
    name: 'Samsung Waschmaschine WW90',
    description: 'Frontlader, 9 kg',
    brand: 'Samsung',
    category: 'washers',
    shops: ['otto'],
    price: 54900,
    rating: 3.9,
  },
  {
    id: 'p8',
    name: 'Philips Running Headphones',
    description: 'Wireless earphones for sport',
    brand: 'Philips',
    category: 'audio',
    shops: ['amazon'],
    price: 4990,
    rating: 4,
  },
];

export function product(id: string): Product {
  const found = PRODUCTS.find((p) => p.id === id);
  if (found === undefined) throw new Error(`no fixture product ${id}`);
  return found;
}
