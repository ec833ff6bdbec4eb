import { buildTaxonomy } from './google-taxonomy.js';
import { parseTaxonomy } from './parse-taxonomy.js';

const english = parseTaxonomy(
  [
    '# Google_Product_Taxonomy_Version: 2021-09-21',
    '1 - Apparel',
    '2 - Apparel > Outerwear',
    '3 - Apparel > Outerwear > Snow Pants & Suits',
    '4 - Apparel > Outerwear > Rain Suits',
    '',
  ].join('\n'),
);
const german = parseTaxonomy(
  [
    '# Google_Product_Taxonomy_Version: 2015-02-19',
    '1 - Bekleidung',
    '2 - Bekleidung > Überbekleidung',
    '3 - Bekleidung > Überbekleidung > Schneehosen und - anzüge',
  ].join('\r\n'),
);

describe('Google product taxonomy', () => {
  it('splits a line on the first " - " only', () => {
    expect(german[2]).toEqual({ id: 3, path: ['Bekleidung', 'Überbekleidung', 'Schneehosen und - anzüge'] });
  });

  it('refuses a malformed line, naming it', () => {
    expect(() => parseTaxonomy('1 - Apparel\nApparel > Shoes\n')).toThrow(/line 2/);
  });

  it('builds the tree from the English file with the names of every translation that has the id', () => {
    const taxonomy = buildTaxonomy(english, new Map([['de', german]]));
    expect(taxonomy.size).toBe(4);
    expect(taxonomy.pathTo(3).map((node) => node.names)).toEqual([
      { en: 'Apparel', de: 'Bekleidung' },
      { en: 'Outerwear', de: 'Überbekleidung' },
      { en: 'Snow Pants & Suits', de: 'Schneehosen und - anzüge' },
    ]);
    // An id added after the translation: English only.
    expect(taxonomy.get(4)).toEqual({ id: 4, parentId: 2, names: { en: 'Rain Suits' } });
    expect(taxonomy.pathTo(99)).toEqual([]);
  });

  it('finds the category of a path written in one of its languages, so no category is named in one language only', () => {
    const taxonomy = buildTaxonomy(english, new Map([['de', german]]));
    expect(taxonomy.idOfPath('de', ['Bekleidung', 'Überbekleidung'])).toBe(2);
    expect(taxonomy.idOfPath('de', ['bekleidung ', 'ÜBERBEKLEIDUNG'])).toBe(2);
    expect(taxonomy.idOfPath('en', ['Apparel', 'Outerwear', 'Rain Suits'])).toBe(4);
    expect(taxonomy.idOfPath('de', ['Bekleidung', 'Regenanzüge'])).toBeUndefined();
    expect(taxonomy.idOfPath('fr', ['Bekleidung'])).toBeUndefined();
  });
});
