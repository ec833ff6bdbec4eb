import type { ProductDocument } from '../domain/product-document.js';
import { productName } from './product-hit.js';

const product = (names: Record<string, string>): ProductDocument =>
  ({ id: 'p1', slug: 'p1', brand_name: 'Kessler', ...names }) as unknown as ProductDocument;

describe('productName', () => {
  it('names a product in the asked language, else in English, else in any language it has', () => {
    const named = product({ name_de: 'Toaster Retro', name_en: 'Retro toaster', name_fr: 'Grille-pain rétro' });
    expect(productName(named, 'fr')).toBe('Grille-pain rétro');
    expect(productName(named, 'it')).toBe('Retro toaster');
    expect(productName(product({ name_en: '', name_pt: 'Torradeira retro' }), 'it')).toBe('Torradeira retro');
    expect(productName(product({}), 'de')).toBe('');
  });
});
