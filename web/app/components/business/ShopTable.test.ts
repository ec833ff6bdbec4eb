// The dashboard's shops: a shop whose feeds fail warns its owner there, linked to its feeds (ADR 128).
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Feed, FeedStatus, Shop, ShopStatus } from '@pc/proto/offers/v1/types';
import type { DashboardShop } from '~/business/dashboard.server';
import { shopView } from '~/business/shop-view.server';
import type { InterfaceLanguage } from '~/i18n/regions';
import { serverT } from '~/i18n/server-t.server';
import { SiteContext, type Site } from '~/site/site-provider';
import { ShopTable } from './ShopTable';

// The table's links outside a Remix route: plain anchors.
jest.mock('@remix-run/react', () => ({
  Link: ({ to, children, ...rest }: { to: string; children: ReactNode }) =>
    createElement('a', { href: to, ...rest }, children),
  Form: ({ children }: { children: ReactNode }) => createElement('form', null, children),
  useActionData: () => undefined,
  useNavigation: () => ({ state: 'idle' }),
  useMatches: () => [],
}));

const feed = (id: string, status: FeedStatus, failingSince?: Date): Feed =>
  Feed.fromPartial({ id, shopId: 'sh_1', url: `https://seeblick.ch/${id}.csv`, status, failingSince });

/** A listed shop of the owner's, as offers' ListShops answers it (with its feeds), on the dashboard. */
const shop = (id: string, name: string, feeds: readonly Feed[]): DashboardShop => ({
  ...shopView(
    Shop.fromPartial({ id, name, domain: `${id}.ch`, status: ShopStatus.SHOP_STATUS_ACTIVE, feeds: [...feeds] }),
  ),
  clicks: { today: 0, thisMonth: 0 },
});

function render(shops: readonly DashboardShop[], language: InterfaceLanguage, tag: string): string {
  const site = { t: serverT(language).t, tag, language, route: () => '/' } as unknown as Site;
  return renderToStaticMarkup(
    createElement(SiteContext.Provider, { value: site }, createElement(ShopTable, { shops, plans: [] })),
  );
}

describe('the dashboard’s shops', () => {
  it('warns of a failing feed with since when, linked to the shop’s feeds', () => {
    const html = render(
      [
        shop('sh_1', 'Seeblick', [
          feed('fd_1', FeedStatus.FEED_STATUS_ACTIVE),
          feed('fd_2', FeedStatus.FEED_STATUS_FAILING, new Date('2026-03-02T09:00:00Z')),
        ]),
      ],
      'en',
      'en-GB',
    );
    expect(html).toContain('<strong>1 feed failing since 2 Mar 2026</strong>');
    expect(html).toContain(
      '<a href="/account/business/shops/sh_1#feeds-heading" aria-label="Check the feeds of Seeblick">Check the feeds</a>',
    );
    // A sign beside the words, not colour alone; hidden from screen readers, which read the words.
    expect(html).toContain('<span aria-hidden="true">⚠ </span>');
  });

  it('counts the failing feeds and dates them from the longest failing, in the page’s language', () => {
    const feeds = [
      feed('fd_1', FeedStatus.FEED_STATUS_FAILING, new Date('2026-03-04T09:00:00Z')),
      feed('fd_2', FeedStatus.FEED_STATUS_FAILING, new Date('2026-03-02T09:00:00Z')),
    ];
    expect(render([shop('sh_1', 'Seeblick', feeds)], 'de', 'de-CH')).toContain('2 Feeds fehlerhaft seit 02.03.2026');
    expect(render([shop('sh_1', 'Seeblick', feeds.slice(0, 1))], 'fr', 'fr-CH')).toContain(
      '1 flux en échec depuis le 4 mars 2026',
    );
    const italian = render([shop('sh_1', 'Seeblick', feeds)], 'it', 'it-CH');
    expect(italian).toContain('2 feed con errori dal 2 mar 2026');
    expect(italian).toContain('aria-label="Controlla i feed di Seeblick"');
  });

  it('warns only of the shop whose feeds fail, not of a working, pending or switched-off feed', () => {
    const html = render(
      [
        shop('sh_1', 'Seeblick', [
          feed('fd_1', FeedStatus.FEED_STATUS_ACTIVE),
          feed('fd_2', FeedStatus.FEED_STATUS_PENDING),
          feed('fd_3', FeedStatus.FEED_STATUS_DISABLED, new Date('2026-03-02T09:00:00Z')),
        ]),
        shop('sh_2', 'Bergblick', [feed('fd_4', FeedStatus.FEED_STATUS_FAILING, new Date('2026-03-02T09:00:00Z'))]),
      ],
      'es',
      'es-ES',
    );
    expect(html.match(/feeds-failing-warning/g)).toHaveLength(1);
    expect(html).toContain('1 feed con errores desde el 2 mar 2026');
    expect(html).toContain('href="/account/business/shops/sh_2#feeds-heading"');
    expect(html).not.toContain('href="/account/business/shops/sh_1#feeds-heading"');
  });
});
