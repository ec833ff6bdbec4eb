import type { CategoryRecord } from './category.js';
import { applyCategoryUpdate } from './category-update.js';

const laptops: CategoryRecord = {
  _id: 'laptops',
  parentId: 'computers',
  ancestorIds: ['electronics', 'computers'],
  position: 1,
  texts: {
    en: { name: 'Laptops', slug: 'laptops', description: '' },
    de: { name: 'Laptops', slug: 'laptops', description: '' },
  },
  productsCount: 3,
  imageUrl: '',
  googleProductCategoryId: 0,
  createdAt: 'then',
  updatedAt: 'then',
};

describe('applyCategoryUpdate', () => {
  it('moves under a new parent and tells products follow', () => {
    const change = applyCategoryUpdate(
      laptops,
      { texts: {}, parent: { id: 'mobile', ancestorIds: ['mobile'] } },
      'now',
    );
    expect(change).toMatchObject({
      moved: true,
      renamed: false,
      category: { parentId: 'mobile', ancestorIds: ['mobile'], updatedAt: 'now' },
    });
  });

  it('is renamed only when the fallback language changes', () => {
    expect(
      applyCategoryUpdate(laptops, { texts: { de: { name: 'Notebooks', slug: 'notebooks', description: '' } } }, 'now'),
    ).toMatchObject({ moved: false, renamed: false });
    expect(
      applyCategoryUpdate(laptops, { texts: { en: { name: 'Notebooks', slug: 'notebooks', description: '' } } }, 'now'),
    ).toMatchObject({ renamed: true });
  });

  it('is null when nothing changes', () => {
    expect(
      applyCategoryUpdate(
        laptops,
        {
          texts: { en: { name: 'Laptops', slug: 'laptops', description: '' } },
          position: 1,
          parent: { id: 'computers', ancestorIds: ['electronics', 'computers'] },
        },
        'now',
      ),
    ).toBeNull();
  });
});
