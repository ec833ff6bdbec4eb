import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDataDir, testDataMissing } from '@pc/kit/config/test-data';
import { PRODUCT_TEMPLATES } from '../catalog/product-templates';
import { builtinTaxonomy } from './builtin-categories';
import { categoryPath, LANGUAGES, type Taxonomy } from './category';
import { loadTaxonomy } from './load-taxonomy';
import { parseTaxonomy } from './parse-taxonomy';

/** Unique ids, parents before children, depth = parent's depth + 1. */
function expectWellFormed(taxonomy: Taxonomy): void {
  const seen = new Map<number, number>();
  for (const category of taxonomy.categories) {
    expect(seen.has(category.id)).toBe(false);
    if (category.parentId !== 0) expect(seen.get(category.parentId)).toBe(category.depth - 1);
    else expect(category.depth).toBe(0);
    seen.set(category.id, category.depth);
  }
}

describe('taxonomy parsing', () => {
  it('splits on the first " - " only and reads the path', () => {
    const lines = parseTaxonomy(
      '# Google_Product_Taxonomy_Version: 2015-02-19\n166 - Bekleidung\n5909 - Bekleidung > Schneehosen und - anzüge\r\n\n',
    );
    expect(lines).toEqual([
      { id: 166, path: ['Bekleidung'] },
      { id: 5909, path: ['Bekleidung', 'Schneehosen und - anzüge'] },
    ]);
  });

  it('names the line of a malformed entry', () => {
    expect(() => parseTaxonomy('1 - Animals\nAnimals > Pets\n')).toThrow(/line 2/);
    expect(() => parseTaxonomy('x - Animals\n')).toThrow(/line 1/);
  });
});

const testData = testDataDir();
const describeWithData = testData ? describe : describe.skip;
if (!testData) process.stderr.write(testDataMissing('google-product-taxonomy', "the seed's Google taxonomy tests"));

describeWithData('the Google product taxonomy from PC_TEST_DATA', () => {
  const taxonomy = loadTaxonomy(testData);

  it('has unique ids with every parent before its children', () => {
    expect(taxonomy.source).toBe('google');
    expect(taxonomy.categories.length).toBeGreaterThan(5_500);
    expectWellFormed(taxonomy);
  });

  it('has localised names where a translation exists, English otherwise', () => {
    expect(taxonomy.byId.get(1)?.names).toMatchObject({
      en: 'Animals & Pet Supplies',
      de: 'Tiere & Tierbedarf',
      fr: 'Animaux et articles pour animaux de compagnie',
    });
    expect(categoryPath(taxonomy, 505771, 'de')).toBe('Elektronik > Audio > Audiokomponenten > Kopfhörer & Headsets');
    const untranslated = taxonomy.categories.filter((category) => category.names.de === undefined);
    expect(untranslated.length).toBeGreaterThan(100); // ids added after the 2015 translations
    expect(categoryPath(taxonomy, untranslated[0]?.id ?? 0, 'de').length).toBeGreaterThan(0);
  });

  it('has every category the product templates use, translated into all six languages', () => {
    for (const template of PRODUCT_TEMPLATES) {
      const names = taxonomy.byId.get(template.googleId)?.names;
      for (const language of LANGUAGES) expect(names?.[language]).toBeTruthy();
    }
  });
});

describe('the built-in categories', () => {
  it('are used when the dataset is missing, well formed, about 40, each named in six languages', () => {
    const empty = mkdtempSync(join(tmpdir(), 'no-taxonomy-'));
    try {
      const taxonomy = loadTaxonomy(empty);
      expect(taxonomy.source).toBe('builtin');
      expect(taxonomy).toEqual(builtinTaxonomy());
      expect(taxonomy.categories.length).toBeGreaterThanOrEqual(40);
      expectWellFormed(taxonomy);
      for (const category of taxonomy.categories)
        for (const language of LANGUAGES) expect(category.names[language]).toBeTruthy();
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
