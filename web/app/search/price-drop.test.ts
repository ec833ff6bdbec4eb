import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FacetPanel } from '~/components/search/FacetPanel';
import { DEAL_MIN_DROP_PERCENT } from '~/data/deals.server';
import { serverT } from '~/i18n/server-t.server';
import { INTERFACE_LANGUAGES } from '~/i18n/regions';
import { SiteContext, type Site } from '~/site/site-provider';
import { chosenFilters, filtersHref, listFilters, refinementQuery, type ChosenFilters } from './list-filters';
import { chosenDrop, DROP_FILTER_MIN_PERCENT, dropValue, parseDropValue } from './price-drop';
import { initialSearchState, searchReducer, type FacetView } from './search-state';
import { apiQuery, criteriaFromUrl, pageQuery } from './search-url';
import { foldRangeFields } from './spec-ranges';

const PATH = '/en-ch/categories/c42';
const at = (query: string) => new URL(`http://site.test${PATH}?${query}`);

describe('the price-drop filter in a URL', () => {
  it('asks for the deals page’s threshold, written as the lower bound search takes', () => {
    expect(DROP_FILTER_MIN_PERCENT).toBe(DEAL_MIN_DROP_PERCENT);
    expect(dropValue()).toBe('10..');
    expect(parseDropValue('10..')).toBe(10);
    expect(parseDropValue(' 25.. ')).toBe(25);
    expect(parseDropValue('100..')).toBe(100);
  });

  it('reads anything but a whole percent from 1 to 100 as no filter', () => {
    for (const value of ['', '0..', '101..', '10', '..10', '10..20', '-5..', '7.5..', 'abc', '1e1..'])
      expect(parseDropValue(value)).toBeNull();
  });

  it('takes the last one sent', () => {
    expect(chosenDrop(new URLSearchParams('refinements[drop]=20..&refinements[drop]=10..'))).toBe(10);
    expect(chosenDrop(new URLSearchParams('refinements[drop]=10..&refinements[drop]=abc'))).toBeNull();
    expect(chosenDrop(new URLSearchParams('refinements[price]=10..'))).toBeNull();
  });
});

describe('the price-drop filter of a list page', () => {
  const facets: Record<string, FacetView> = {
    availability: { type: 'terms', values: [{ value: 'in_stock', label: 'in_stock', count: 3, selected: false }] },
    brand: { type: 'terms', values: [{ value: 'sony', label: 'Sony', count: 2, selected: false }] },
  };
  const view = (chosen: ChosenFilters) =>
    listFilters('category', facets, chosen, { path: PATH, kept: [['sort', 'cheapest']] });

  it('is read from the URL and the form’s checkbox, and sent to search as the deals page sends it', () => {
    const chosen = chosenFilters(
      at('refinements%5Bdrop%5D=10..&refinements[brand]=sony&sort=cheapest'),
      'category',
      'en-CH',
    );
    expect(chosen).toEqual({ brand: ['sony'], drop: ['10..'] });
    expect(refinementQuery(chosen)).toEqual({ 'refinements[brand]': 'sony', 'refinements[drop]': '10..' });
    // A value that is no lower bound is no filter, not a failed page.
    expect(chosenFilters(at('refinements[drop]=..10'), 'category', 'en-CH')).toEqual({});
    // A running page's form folds the range fields and keeps the checkbox as it is.
    const folded = foldRangeFields(
      [
        ['refinements[drop]', '10..'],
        ['range[price][min]', '100'],
        ['range[price][max]', ''],
      ],
      'en-CH',
    );
    expect(folded.toString()).toBe('refinements%5Bdrop%5D=10..&refinements%5Bprice%5D=10000..');
  });

  it('offers a checkbox, ticked when chosen, and shows the choice as a chip that takes it back', () => {
    expect(view({}).drop).toEqual({ value: '10..', percent: 10, selected: false });
    const filters = view({ brand: ['sony'], drop: ['10..'] });
    expect(filters.drop).toEqual({ value: '10..', percent: 10, selected: true });
    expect(filters.chips).toEqual([
      { facet: 'brand', name: null, value: 'Sony', href: `${PATH}?refinements%5Bdrop%5D=10..&sort=cheapest` },
      { facet: 'drop', name: null, value: '10..', href: `${PATH}?refinements%5Bbrand%5D=sony&sort=cheapest` },
    ]);
    // The sort form and every link keep it, and read it back.
    expect(filters.fields).toEqual([
      ['refinements[brand]', 'sony'],
      ['refinements[drop]', '10..'],
    ]);
    const href = filtersHref(PATH, { drop: ['10..'] });
    expect(chosenFilters(new URL(`http://site.test${href}`), 'shop', 'en-CH')).toEqual({ drop: ['10..'] });
    expect(view({ drop: ['20..'] }).drop).toEqual({ value: '20..', percent: 20, selected: true });
  });

  it('names the checkbox and the chip in every language', () => {
    const labels = INTERFACE_LANGUAGES.map((language) => {
      const { t } = serverT(language);
      return [t('filters.priceDrops', { percent: 10 }), t('filters.priceDropsChip')];
    });
    expect(labels[INTERFACE_LANGUAGES.indexOf('en')]).toEqual(['Only price drops (10% or more)', 'Price drops']);
    expect(labels[INTERFACE_LANGUAGES.indexOf('de')]).toEqual(['Nur Preisstürze (10 % oder mehr)', 'Preisstürze']);
    for (const [label, chip] of labels) {
      expect(label).toContain('10');
      expect(chip).not.toBe('filters.priceDropsChip');
    }
    expect(new Set(labels.map(([label]) => label)).size).toBe(INTERFACE_LANGUAGES.length);
  });
});

describe('the price-drop filter of the search page', () => {
  it('is read from the URL, kept in the page’s URL and sent to GET /api/products', () => {
    const criteria = criteriaFromUrl(new URL('http://site.test/en-ch/search?search=kettle&refinements[drop]=10..'));
    expect(criteria.refinements).toEqual({ drop: ['10..'] });
    expect(pageQuery(criteria).get('refinements[drop]')).toBe('10..');
    expect(apiQuery(criteria, 1, 'en-ch').get('refinements[drop]')).toBe('10..');
    const bad = criteriaFromUrl(new URL('http://site.test/en-ch/search?refinements[drop]=10..&refinements[drop]=x'));
    expect(bad.refinements).toEqual({});
  });

  it('is a checkbox of the panel that the form sends without JavaScript and a tick toggles', () => {
    const render = (refinements: Record<string, string[]>) => {
      const site = { t: serverT('en').t, tag: 'en-CH', language: 'en', currency: 'CHF' } as unknown as Site;
      const state = initialSearchState({ refinements });
      return renderToStaticMarkup(
        createElement(
          SiteContext.Provider,
          { value: site },
          createElement(FacetPanel, { state, dispatch: () => undefined }),
        ),
      );
    };
    expect(render({})).toContain(
      '<input type="checkbox" name="refinements[drop]" value="10.."/><span>Only price drops (10% or more)</span>',
    );
    expect(render({ drop: ['10..'] })).toContain(
      '<input type="checkbox" name="refinements[drop]" checked="" value="10.."/>',
    );
    const on = searchReducer(initialSearchState({}), { type: 'toggle', facet: 'drop', value: '10..', single: true });
    expect(on.refinements).toEqual({ drop: ['10..'] });
    expect(searchReducer(on, { type: 'toggle', facet: 'drop', value: '10..', single: true }).refinements).toEqual({});
  });
});
