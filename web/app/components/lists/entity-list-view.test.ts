// The brands, categories and shops list pages' sort: the options search offers, labelled in the
// page's language, the selected one selected.
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { serverT } from '~/i18n/server-t.server';
import type { InterfaceLanguage } from '~/i18n/regions';
import { SiteContext, type Site } from '~/site/site-provider';
import { EntityListView, type EntityListProps } from './EntityListView';

// Forms and links as plain elements: the markup of the sort is what is tested, not the router's.
jest.mock('@remix-run/react', () => ({
  Form: ({ children, className }: { children: ReactNode; className?: string }) =>
    createElement('form', { className }, children),
  Link: ({ to, children }: { to: string; children: ReactNode }) => createElement('a', { href: to }, children),
  useSubmit: () => () => undefined,
  useLocation: () => ({ pathname: '/list', search: '' }),
}));

const OFFERED = ['name', 'products', 'new', 'popular'].map((key) => ({ key, selected: key === 'popular' }));

function sortOptions(language: InterfaceLanguage, props: Partial<EntityListProps> = {}): string[] {
  const site = { t: serverT(language).t, tag: language, language } as unknown as Site;
  const html = renderToStaticMarkup(
    createElement(
      SiteContext.Provider,
      { value: site },
      createElement(EntityListView, {
        title: 'List',
        items: [],
        total: 0,
        page: 1,
        pages: 1,
        search: '',
        sortOptions: OFFERED,
        sort: 'popular',
        countKey: 'counts.products',
        ...props,
      }),
    ),
  );
  return [...html.matchAll(/<option value="([^"]+)"( selected="")?>([^<]*)<\/option>/g)].map(
    ([, key, selected, label]) => `${key}${selected ? '*' : ''}: ${label}`,
  );
}

describe('EntityListView sort', () => {
  it('labels every sort search offers, "most popular" in each of the six languages', () => {
    expect(sortOptions('en')).toEqual([
      'name: Name',
      'products: Most products',
      'new: Newest',
      'popular*: Most popular',
    ]);
    const popular = (['de', 'fr', 'it', 'es', 'pt'] as const).map((language) => sortOptions(language)[3]);
    expect(popular).toEqual([
      'popular*: Beliebteste',
      'popular*: Les plus populaires',
      'popular*: Più popolari',
      'popular*: Más populares',
      'popular*: Mais populares',
    ]);
  });

  it("calls a shop's products its offers, and shows no sort where there is nothing to choose", () => {
    expect(sortOptions('en', { countKey: 'counts.offers' })[1]).toBe('products: Most offers');
    expect(sortOptions('en', { sortOptions: [{ key: 'name', selected: true }] })).toEqual([]);
  });
});
