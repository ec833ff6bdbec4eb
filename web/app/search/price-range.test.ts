import { serverT } from '~/i18n/server-t.server';
import type { InterfaceLanguage } from '~/i18n/regions';
import { chosenFilters, filtersHref, listFilters, refinementQuery, type ChosenFilters } from './list-filters';
import { parsePriceRange, priceInputText, typedPrice } from './price-range';
import { priceRangeText } from './price-range-text';
import { criteriaFromUrl } from './search-url';
import type { FacetView } from './search-state';
import { foldRangeFields } from './spec-ranges';

const PATH = '/de/categories/c42';
const at = (query: string) => new URL(`http://site.test${PATH}?${query}`);
const form = (min: string, max: string, tag: string, more = '') =>
  chosenFilters(
    at(
      `range%5Bprice%5D%5Bmin%5D=${encodeURIComponent(min)}&range%5Bprice%5D%5Bmax%5D=${encodeURIComponent(max)}${more}`,
    ),
    'category',
    tag,
  );

describe('a list page’s price range in its URL', () => {
  it('is read from the form’s fields in major units, in the page’s number format, as minor units', () => {
    expect(form('100', '1.234,50', 'de-DE')).toEqual({ price: ['10000..123450'] });
    expect(form('99,9', '', 'fr-FR')).toEqual({ price: ['9990..'] });
    expect(form('', "1'234.5", 'de-CH')).toEqual({ price: ['..123450'] });
    expect(form('1,234.50', '2000', 'en-GB')).toEqual({ price: ['123450..200000'] });
  });

  it('leaves a bound that is no price on the page open, and a range with none out, never refusing the page', () => {
    // Another locale's writing, words, a negative price, one too large for search: open.
    expect(form('1.234,50', '300', 'en-GB')).toEqual({ price: ['..30000'] });
    expect(form('abc', '-5', 'de-DE')).toEqual({});
    expect(form('1e3', '', 'en-GB')).toEqual({});
    expect(form('1'.repeat(20), '', 'en-GB')).toEqual({});
    expect(form('', '', 'en-GB', '&refinements[brand]=sony')).toEqual({ brand: ['sony'] });
    for (const value of ['x..y', '..', '1..2..3', '12.5..', '-100..', `${'9'.repeat(20)}..`])
      expect(chosenFilters(at(`refinements[price]=${value}`), 'category', 'en-GB')).toEqual({});
    expect(chosenFilters(at('refinements[price]=abc..30000'), 'brand', 'en-GB')).toEqual({ price: ['..30000'] });
  });

  it('swaps bounds given the wrong way round, from the form or a link', () => {
    expect(form('300', '100', 'en-GB')).toEqual({ price: ['10000..30000'] });
    expect(chosenFilters(at('refinements[price]=30000..10000'), 'shop', 'en-GB')).toEqual({ price: ['10000..30000'] });
    expect(parsePriceRange('500..500')).toEqual({ min: 500, max: 500 });
  });

  it('is the search page’s price criteria: a link from the list keeps it there, and a search page’s link is read back', () => {
    const chosen: ChosenFilters = { brand: ['sony'], price: ['10000..30000'] };
    expect(refinementQuery(chosen)).toEqual({ 'refinements[brand]': 'sony', 'refinements[price]': '10000..30000' });
    const href = filtersHref(PATH, chosen, [['sort', 'cheapest']]);
    const search = criteriaFromUrl(new URL(`http://site.test/de/search?${href.split('?')[1]}`));
    expect(search.price).toEqual({ min: 10000, max: 30000 });
    expect(search.refinements).toEqual({ brand: ['sony'] });
    expect(chosenFilters(new URL(`http://site.test${href}`), 'category', 'de-DE')).toEqual(chosen);
    // The last range wins: the typed one after a linked one.
    expect(
      chosenFilters(at('refinements[price]=100..200&range[price][min]=5&range[price][max]='), 'category', 'en-GB'),
    ).toEqual({ price: ['500..'] });
  });

  it('is folded by a running page into the refinement where the form’s fields stood', () => {
    const folded = foldRangeFields(
      [
        ['sort', 'cheapest'],
        ['range[price][min]', '1.234,50'],
        ['range[price][max]', ''],
        ['refinements[availability]', 'in_stock'],
      ],
      'de-DE',
    );
    expect([...folded]).toEqual([
      ['sort', 'cheapest'],
      ['refinements[price]', '123450..'],
      ['refinements[availability]', 'in_stock'],
    ]);
    expect([
      ...foldRangeFields(
        [
          ['range[price][min]', ''],
          ['range[price][max]', 'x'],
        ],
        'de-DE',
      ),
    ]).toEqual([]);
  });

  it('writes a typed bound in minor units, rounding fractions of a cent', () => {
    expect(typedPrice('19,99', 'de-DE')).toBe('1999');
    expect(typedPrice('0.1', 'en-GB')).toBe('10');
    expect(typedPrice('2.345', 'en-GB')).toBe('235');
    expect(typedPrice('1 234,5', 'fr-FR')).toBe('123450');
  });
});

describe('the price range in a list page’s filter panel', () => {
  const facets: Record<string, FacetView> = {
    availability: { type: 'terms', values: [{ value: 'in_stock', label: 'in_stock', count: 3, selected: false }] },
    brand: { type: 'terms', values: [{ value: 'sony', label: 'Sony', count: 2, selected: false }] },
    price: { type: 'range', stats: { min: 2290, max: 37950, avg: 29000, count: 3 } },
  };
  const view = (chosen: ChosenFilters, stats = facets) =>
    listFilters('category', stats, chosen, { path: PATH, kept: [['sort', 'cheapest']] });

  it('offers "from [ ] to [ ]" with the list’s lowest and highest price in whole units as placeholders', () => {
    expect(view({}).price).toEqual({
      fields: { min: 'range[price][min]', max: 'range[price][max]' },
      lowest: 2200,
      highest: 38000,
      chosen: { min: null, max: null },
    });
    // Search found no price in the list: no inputs, unless a range is chosen (so it can be changed back).
    const none = { ...facets, price: { type: 'range', stats: { min: 0, max: 0, avg: 0, count: 0 } } } as const;
    expect(view({}, none).price).toBeNull();
    expect(view({ price: ['..30000'] }, none).price).toMatchObject({ lowest: null, chosen: { min: null, max: 30000 } });
  });

  it('shows the chosen range as one chip that takes it back, and every other link and the sort form keep it', () => {
    const filters = view({ brand: ['sony'], price: ['10000..30000'] });
    expect(filters.price?.chosen).toEqual({ min: 10000, max: 30000 });
    expect(filters.chips).toEqual([
      { facet: 'brand', name: null, value: 'Sony', href: `${PATH}?refinements%5Bprice%5D=10000..30000&sort=cheapest` },
      {
        facet: 'price',
        name: null,
        value: '10000..30000',
        href: `${PATH}?refinements%5Bbrand%5D=sony&sort=cheapest`,
        price: { min: 10000, max: 30000 },
      },
    ]);
    expect(filters.fields).toEqual([
      ['refinements[brand]', 'sony'],
      ['refinements[price]', '10000..30000'],
    ]);
    expect(filters.clearHref).toBe(`${PATH}?sort=cheapest`);
  });
});

describe('a chosen price range as its chip and inputs write it', () => {
  const chip = (language: InterfaceLanguage, tag: string, currency: string, min: number | null, max: number | null) => {
    const { t } = serverT(language);
    return priceRangeText({ min, max }, currency, tag, (key, values) => t(key, values));
  };

  it('writes the currency once, where the page writes it, cents only where there are some', () => {
    expect(chip('en', 'en-CH', 'CHF', 10000, 30000)).toBe('CHF\u00a0100 – 300');
    expect(chip('de', 'de-CH', 'CHF', 9950, 123400)).toBe('CHF\u00a099.50 – 1’234');
    expect(chip('de', 'de-DE', 'EUR', 10000, 123450)).toBe('100 – 1.234,50\u00a0€');
    expect(chip('en', 'en-GB', 'GBP', 10000, 10000)).toBe('£100');
  });

  it('writes an open range in words in every language', () => {
    expect(chip('en', 'en-CH', 'CHF', 10000, null)).toBe('from CHF\u00a0100');
    expect(chip('en', 'en-CH', 'CHF', null, 30000)).toBe('up to CHF\u00a0300');
    expect(chip('de', 'de-DE', 'EUR', 10000, null)).toBe('ab 100\u00a0€');
    expect(chip('fr', 'fr-FR', 'EUR', null, 30000)).toBe('jusqu’à 300\u00a0€');
    expect(chip('it', 'it-IT', 'EUR', null, 30000)).toBe('fino a 300\u00a0€');
    expect(chip('es', 'es-ES', 'EUR', 10000, null)).toBe('desde 100\u00a0€');
    expect(chip('pt', 'pt-PT', 'EUR', null, 30000)).toBe('até 300\u00a0€');
  });

  it('writes the inputs’ bounds as one types a price: the page’s decimal mark, no digit groups', () => {
    expect(priceInputText(123450, 'de-DE')).toBe('1234,50');
    expect(priceInputText(123450, 'de-CH')).toBe('1234.50');
    expect(priceInputText(30000, 'en-CH')).toBe('300');
  });
});
