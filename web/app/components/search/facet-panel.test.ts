// The search page's refinements with the specifications search found common in the result:
// after the fixed facets, each under its name as the API gave it, its values as checkboxes.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { serverT } from '~/i18n/server-t.server';
import { initialSearchState, type FacetView } from '~/search/search-state';
import { SiteContext, type Site } from '~/site/site-provider';
import { FacetPanel } from './FacetPanel';

const terms = (values: string[], extra: { label?: string; count?: number } = {}): FacetView => ({
  type: 'terms',
  ...extra,
  values: values.map((value, i) => ({ value, label: value, count: i + 1, selected: false })),
});

function panel(facets: Record<string, FacetView>, refinements: Record<string, string[]> = {}): string {
  const site = { t: serverT('de').t, tag: 'de-CH', language: 'de', currency: 'CHF' } as unknown as Site;
  const state = initialSearchState({
    refinements,
    result: { hits: [], total: 0, page: 1, facets, suggestions: [], sortOptions: [], sort: null },
  });
  return renderToStaticMarkup(
    createElement(
      SiteContext.Provider,
      { value: site },
      createElement(FacetPanel, { state, dispatch: () => undefined }),
    ),
  );
}

describe('FacetPanel with specifications', () => {
  it('shows the specifications after the fixed facets, each under its translated name, values as checkboxes', () => {
    const html = panel(
      {
        'spec:weight': terms(['250 g', '1.2 kg'], { label: 'Gewicht', count: 9 }),
        brand: terms(['sony']),
        'spec:colour': terms(['Black, red', 'White'], { label: 'Colour', count: 4 }),
      },
      { 'spec:colour': ['Black, red'] },
    );
    const order = [...html.matchAll(/<(?:legend|h3)>([^<]*)<\/(?:legend|h3)>/g)].map((m) => m[1]);
    expect(order).toEqual(['Marke', 'Technische Daten', 'Gewicht', 'Colour']);
    expect(html).toContain('<input type="checkbox" name="refinements[spec:weight]" value="250 g"/><span>250 g</span>');
    // Checked as refined; sent without JavaScript with the comma inside the value escaped.
    expect(html).toContain(
      '<input type="checkbox" name="refinements[spec:colour]" checked="" value="Black\\, red"/><span>Black, red</span>',
    );
  });

  it('has no specifications heading when the answer holds none', () => {
    const html = panel({ brand: terms(['sony']), 'spec:drop': terms([], { label: 'Sprengung', count: 0 }) });
    expect(html).not.toContain('Technische Daten');
    expect(html).not.toContain('Sprengung');
  });
});
