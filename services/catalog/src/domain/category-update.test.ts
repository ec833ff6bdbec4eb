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

  it('keeps a language’s description and metas on a rename; replaceTexts writes the texts whole', () => {
    const meta = { title: 'Laptops kaufen', description: 'Laptops im Vergleich.', keywords: ['laptop'] };
    const described: CategoryRecord = {
      ...laptops,
      texts: { ...laptops.texts, de: { name: 'Laptops', slug: 'laptops', description: 'Tragbare Rechner.', meta } },
    };
    const rename = { de: { name: 'Notebooks', slug: 'notebooks', description: '' } };
    expect(applyCategoryUpdate(described, { texts: rename }, 'now')?.category.texts).toEqual({
      en: laptops.texts.en,
      de: { name: 'Notebooks', slug: 'notebooks', description: 'Tragbare Rechner.', meta },
    });
    // A language new to the category starts with what the update gives, not another language's texts.
    expect(
      applyCategoryUpdate(
        described,
        { texts: { fr: { name: 'Portables', slug: 'portables', description: '' } } },
        'now',
      )?.category.texts.fr,
    ).toEqual({ name: 'Portables', slug: 'portables', description: '' });
    const metaOnly = { title: 'Notebooks', description: '', keywords: [] };
    expect(
      applyCategoryUpdate(
        described,
        { texts: { de: { name: 'Laptops', slug: 'laptops', description: '', meta: metaOnly } } },
        'now',
      )?.category.texts.de,
    ).toEqual({ name: 'Laptops', slug: 'laptops', description: 'Tragbare Rechner.', meta: metaOnly });
    expect(applyCategoryUpdate(described, { texts: rename, replaceTexts: true }, 'now')?.category.texts.de).toEqual({
      name: 'Notebooks',
      slug: 'notebooks',
      description: '',
    });
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
