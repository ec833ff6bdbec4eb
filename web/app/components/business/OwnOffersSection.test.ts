// "Your offers" tells an owner that a price of theirs is held as implausibly low (ADR 146).
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { OwnOfferRow, OwnOffersView } from '~/business/own-offers';
import { serverT } from '~/i18n/server-t.server';
import { SiteContext, type Site } from '~/site/site-provider';
import { OwnOffersSection } from './OwnOffersSection';

// The section's tab links and paging outside a Remix route.
jest.mock('@remix-run/react', () => ({
  Link: ({ children, to }: { children: ReactNode; to: string }) => createElement('a', { href: to }, children),
  useLocation: () => ({ search: '' }),
  useNavigation: () => ({ state: 'idle' }),
  useSearchParams: () => [new URLSearchParams(), () => undefined],
}));

const row = (patch: Partial<OwnOfferRow>): OwnOfferRow => ({
  id: 'of_1',
  title: 'Sony WH-1000XM5',
  url: 'https://shop.example/p/1',
  productId: 'pr_1',
  country: 'CH',
  price: { amountMinor: 299, currency: 'CHF' },
  shipping: null,
  lastSeenAt: '2026-05-04T08:00:00.000Z',
  cheapestPrice: { amountMinor: 28_900, currency: 'CHF' },
  offersInCountry: 4,
  cheapest: false,
  heldBeside: null,
  notListed: null,
  hiddenReason: '',
  ...patch,
});

function render(rows: OwnOfferRow[]): string {
  const site = { t: serverT('en').t, tag: 'en-CH', language: 'en', route: () => '/' } as unknown as Site;
  const offers: OwnOffersView = { tab: 'listed', rows, listedCount: rows.length, notListedCount: 0, page: 1, pages: 1 };
  return renderToStaticMarkup(
    createElement(SiteContext.Provider, { value: site }, createElement(OwnOffersSection, { offers })),
  );
}

describe('the owner’s offers on shop settings', () => {
  it('says a held price is being checked, with the other shops’ typical price, instead of where it stands', () => {
    const html = render([row({ heldBeside: { amountMinor: 29_900, currency: 'CHF' } })]);
    expect(html).toContain('Price being checked: far below the other shops’ (typically CHF\u00a0299.00)');
    expect(html).not.toContain('(of 4 offers)');
  });

  it('shows where an ordinary price stands', () => {
    expect(render([row({ price: { amountMinor: 29_900, currency: 'CHF' } })])).toContain(
      'CHF\u00a0289.00 (of 4 offers)',
    );
  });
});
