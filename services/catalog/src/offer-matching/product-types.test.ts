import { buildTaxonomy } from '../taxonomy/google-taxonomy.js';
import { parseTaxonomy } from '../taxonomy/parse-taxonomy.js';
import type { CategoryVocabulary } from '../derived/token-statistics.js';
import { ProductTypes } from './product-types.js';

const NO_VOCABULARY: CategoryVocabulary = { snapshotId: '', words: new Map() };

const english = parseTaxonomy(
  ['1239 - Toys & Games', '1255 - Toys & Games > Dolls', '1257 - Toys & Games > Dolls > Fashion Dolls'].join('\n'),
);
const french = parseTaxonomy(
  [
    '1239 - Jeux et jouets',
    '1255 - Jeux et jouets > Poupées',
    '1257 - Jeux et jouets > Poupées > Poupées mannequins',
  ].join('\n'),
);

describe('ProductTypes', () => {
  it("gives the words of each offer's Google category in every language the taxonomy has, reading it once", async () => {
    let reads = 0;
    const types = new ProductTypes(
      async () => {
        reads += 1;
        return buildTaxonomy(english, new Map([['fr', french]]));
      },
      () => NO_VOCABULARY,
    );
    const found = await types.of([1255, 1257, 1255, 0, 4242]);
    expect([...found.keys()]).toEqual([1255, 1257]);
    expect([...(found.get(1257)?.words ?? [])].sort()).toEqual(['dolls', 'fashion', 'mannequins', 'poupees']);
    await types.of([1255]);
    expect(reads).toBe(1);
  });

  it('gives none without a taxonomy or a category, and reads no taxonomy for offers without one', async () => {
    let reads = 0;
    const types = new ProductTypes(
      async () => {
        reads += 1;
        return null;
      },
      () => NO_VOCABULARY,
    );
    expect((await types.of([0, 0])).size).toBe(0);
    expect(reads).toBe(0);
    expect((await types.of([1257])).size).toBe(0);
  });

  it("adds the catalog's learned words of a category, and takes a new snapshot's words once it is loaded", async () => {
    let vocabulary: CategoryVocabulary = {
      snapshotId: 's1',
      words: new Map([
        [1257, ['bambola']],
        [4242, ['brettspiel']],
      ]),
    };
    const types = new ProductTypes(
      async () => buildTaxonomy(english, new Map([['fr', french]])),
      () => vocabulary,
    );
    const first = await types.of([1257, 4242]);
    expect([...(first.get(1257)?.words ?? [])].sort()).toEqual([
      'bambola',
      'dolls',
      'fashion',
      'mannequins',
      'poupees',
    ]);
    // A category the taxonomy does not know still has what the catalog's names show.
    expect([...(first.get(4242)?.words ?? [])]).toEqual(['brettspiel']);
    vocabulary = { snapshotId: 's2', words: new Map([[1257, ['muneca']]]) };
    const second = await types.of([1257, 4242]);
    expect(second.get(1257)?.words.has('muneca')).toBe(true);
    expect(second.get(1257)?.words.has('bambola')).toBe(false);
    expect(second.get(1257)?.key).not.toBe(first.get(1257)?.key);
    expect(second.has(4242)).toBe(false);
  });
});
