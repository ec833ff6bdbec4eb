import type { CategoryHit, ProductHit } from '@pc/proto/search/v1/types';
import type { CategoryTreeNode } from '~/services/catalog.server';
import { apiLocale } from '../http/api-locale.server';
import { categoryNamesOf, NO_CATEGORY_NAMES } from './category-names.server';
import { categoryHitJson, productHitJson } from './search-hits.server';

/** Catalog's tree in German, as GetCategoryTree answers it. */
const node = (id: string, name: string, children: CategoryTreeNode[] = []): CategoryTreeNode => ({
  id,
  name,
  productsCount: 1,
  children,
});
const GERMAN = categoryNamesOf([
  node('electronics', 'Elektronik', [
    node('phones', 'Handys', [node('smartphones', 'Smartphones')]),
    node('audio', '', [node('speakers', 'Lautsprecher')]),
  ]),
]);
const de = apiLocale('de-ch');

const categoryHit = (fields: Partial<CategoryHit>): CategoryHit => ({
  categoryId: 'phones',
  slug: 'mobile-phones',
  name: 'Mobile Phones',
  path: ['Electronics'],
  productsCount: 12,
  imageUrl: '',
  highlights: {},
  ...fields,
});

describe('category names in the page language (ADR 126)', () => {
  it('names each category of catalog’s tree and its ancestors, root first', () => {
    expect(GERMAN.name('phones')).toBe('Handys');
    expect(GERMAN.ancestors('phones')).toEqual(['Elektronik']);
    expect(GERMAN.name('smartphones')).toBe('Smartphones');
    expect(GERMAN.ancestors('smartphones')).toEqual(['Elektronik', 'Handys']);
    expect(GERMAN.ancestors('electronics')).toEqual([]);
    // One catalog did not list, or listed without a name, is not known: search's label stands.
    expect(GERMAN.name('tablets')).toBeUndefined();
    expect(GERMAN.ancestors('tablets')).toBeUndefined();
    expect(GERMAN.name('audio')).toBeUndefined();
    // Below an unnamed one the name is known, the path is not.
    expect(GERMAN.name('speakers')).toBe('Lautsprecher');
    expect(GERMAN.ancestors('speakers')).toBeUndefined();
    expect(NO_CATEGORY_NAMES.name('phones')).toBeUndefined();
  });

  it('gives a category of search’s list its name and path in the language, without the English highlight', () => {
    const hit = categoryHit({ highlights: { name: '<em>Mob</em>ile Phones' } });
    expect(categoryHitJson(hit, de, GERMAN)).toMatchObject({
      id: 'phones',
      slug: 'mobile-phones',
      name: 'Handys',
      path: ['Elektronik'],
      highlights: {},
      products_count: 12,
    });
    // Without the names (or for a category they do not hold) as search gave it.
    expect(categoryHitJson(hit, de)).toMatchObject({
      name: 'Mobile Phones',
      path: ['Electronics'],
      highlights: { name: '<em>Mob</em>ile Phones' },
    });
    const unknown = categoryHit({ categoryId: 'tablets', name: 'Tablets', highlights: { name: '<em>Tab</em>lets' } });
    expect(categoryHitJson(unknown, de, GERMAN)).toMatchObject({
      name: 'Tablets',
      path: ['Electronics'],
      highlights: { name: '<em>Tab</em>lets' },
    });
    // The same name in both languages keeps what matched.
    const same = categoryHit({
      categoryId: 'smartphones',
      name: 'Smartphones',
      highlights: { name: '<em>Sm</em>artphones' },
    });
    expect(categoryHitJson(same, de, GERMAN)).toMatchObject({
      path: ['Elektronik', 'Handys'],
      highlights: { name: '<em>Sm</em>artphones' },
    });
  });

  it('names a product card’s category in the language', () => {
    const hit = {
      productId: 'p1',
      slug: 'pixel-9',
      name: 'Pixel 9',
      categoryId: 'phones',
      categoryName: 'Mobile Phones',
    };
    expect(productHitJson(hit as ProductHit, de, GERMAN).category).toEqual({
      id: 'phones',
      name: 'Handys',
      route: '/de-ch/categories/phones',
    });
    expect(productHitJson(hit as ProductHit, de).category?.name).toBe('Mobile Phones');
    expect(productHitJson({ ...hit, categoryId: 'tablets' } as ProductHit, de, GERMAN).category?.name).toBe(
      'Mobile Phones',
    );
  });
});
