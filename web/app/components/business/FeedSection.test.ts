// Shop settings' feeds: a failing feed says since when and why in the page's language (ADR 128).
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Feed, FeedFetchSummary, FeedStatus } from '@pc/proto/offers/v1/types';
import { feedView } from '~/business/shop-view.server';
import { serverT } from '~/i18n/server-t.server';
import { SiteContext, type Site } from '~/site/site-provider';
import { FeedSection } from './FeedSection';

// The feeds' forms outside a Remix route: plain forms, nothing submitted yet.
jest.mock('@remix-run/react', () => ({
  Form: ({ children }: { children: ReactNode }) => createElement('form', null, children),
  useActionData: () => undefined,
  useNavigation: () => ({ state: 'idle' }),
  useMatches: () => [],
}));

const FAILED_AT = new Date('2026-03-02T09:00:00Z');
const LAST_AT = new Date('2026-03-04T09:00:00Z');

/** The feeds section as the owner's settings page renders it in `language` and `tag`. */
function render(feeds: readonly Feed[], language: 'de' | 'fr', tag: string): string {
  const site = { t: serverT(language).t, tag, language, route: () => '/' } as unknown as Site;
  return renderToStaticMarkup(
    createElement(SiteContext.Provider, { value: site }, createElement(FeedSection, { feeds: feeds.map(feedView) })),
  );
}

const feed = (patch: Partial<Feed>): Feed =>
  Feed.fromPartial({ id: 'fd_1', shopId: 'sh_1', url: 'https://seeblick.ch/feed.csv', ...patch });

const failing = (failureReason: string, httpStatus: number, message: string) =>
  feed({
    status: FeedStatus.FEED_STATUS_FAILING,
    failingSince: FAILED_AT,
    lastFetch: FeedFetchSummary.fromPartial({
      fetchedAt: LAST_AT,
      succeeded: false,
      httpStatus,
      message,
      failureReason,
    }),
  });

describe('the feeds section of shop settings', () => {
  it('shows a failing feed’s start and reason in the page’s language, the crawler’s words as technical detail', () => {
    const html = render(
      [failing('not_found', 404, 'http 404: the feed URL did not answer with a feed')],
      'de',
      'de-CH',
    );
    expect(html).toContain('Fehlerhaft seit 02.03.2026');
    expect(html).toContain(
      'Die Feed-Adresse antwortete mit „nicht gefunden“ (HTTP 404): Die Datei liegt nicht mehr unter dieser Adresse.',
    );
    expect(html).toContain('Technische Angabe: http 404: the feed URL did not answer with a feed');
    expect(html).toContain('Letzte Analyse am 04.03.2026');
  });

  it('says each reason in the page’s language, and an unknown one as a failed fetch', () => {
    const html = render(
      [
        failing('timeout', 0, 'limit:time: the fetch took longer than 120000 ms'),
        { ...failing('', 0, 'interrupted: the crawler stopped during the fetch'), id: 'fd_2' },
      ],
      'fr',
      'fr-CH',
    );
    expect(html).toContain('En échec depuis le 2 mars 2026');
    expect(html).toContain('Le serveur a mis trop de temps à envoyer le flux.');
    expect(html).toContain('Détail technique : limit:time: the fetch took longer than 120000 ms');
    expect(html).toContain('La récupération a échoué.');
  });

  it('shows nothing of a failure for a feed that works again, nor for a switched-off feed', () => {
    const html = render(
      [
        feed({
          status: FeedStatus.FEED_STATUS_ACTIVE,
          lastFetch: FeedFetchSummary.fromPartial({
            fetchedAt: LAST_AT,
            succeeded: true,
            httpStatus: 200,
            itemsTotal: 3,
            itemsValid: 3,
            message: '3 items',
          }),
        }),
        { ...failing('not_found', 404, 'http 404'), id: 'fd_2', status: FeedStatus.FEED_STATUS_DISABLED },
      ],
      'de',
      'de-CH',
    );
    expect(html).not.toContain('Fehlerhaft seit');
    expect(html).not.toContain('nicht gefunden');
    expect(html).not.toContain('Technische Angabe');
    expect(html).toContain('3 items');
  });
});
