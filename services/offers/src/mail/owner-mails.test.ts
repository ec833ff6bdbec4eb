import type { Mailer, OutgoingMail } from '@pc/kit/ports/mailer';
import { User } from '@pc/proto/accounts/v1/types';
import type { FeedNotice } from '../domain/owner-notice.js';
import { OwnerMails } from './owner-mails.js';

const LANGUAGES = ['en', 'de', 'fr', 'it', 'es', 'pt'] as const;
/** The freshness window's words per language at the default 72 h, and the HTTP 404 sentence's start. */
const EXPECTED: Record<(typeof LANGUAGES)[number], { window: string; notFound: string; settings: string }> = {
  en: {
    window: '3 days',
    notFound: 'The feed address answered "not found" (HTTP 404)',
    settings: 'Open the shop settings',
  },
  de: {
    window: '3 Tage',
    notFound: 'Die Feed-Adresse antwortete mit „nicht gefunden“ (HTTP 404)',
    settings: 'Zu den Shop-Einstellungen',
  },
  fr: {
    window: '3 jours',
    notFound: 'L’adresse du flux a répondu « introuvable » (HTTP 404)',
    settings: 'Ouvrir les paramètres de la boutique',
  },
  it: {
    window: '3 giorni',
    notFound: 'L’indirizzo del feed ha risposto «non trovato» (HTTP 404)',
    settings: 'Apri le impostazioni del negozio',
  },
  es: {
    window: '3 días',
    notFound: 'La dirección del feed respondió «no encontrado» (HTTP 404)',
    settings: 'Abrir la configuración de la tienda',
  },
  pt: {
    window: '3 dias',
    notFound: 'O endereço do feed respondeu «não encontrado» (HTTP 404)',
    settings: 'Abrir as definições da loja',
  },
};

const FEED_URL = 'https://alpen-audio.ch/feed.csv';
const failing: FeedNotice = {
  kind: 'feedFailing',
  feedUrl: FEED_URL,
  reason: 'not_found',
  detail: 'http 404: the feed URL did not answer with a feed',
  httpStatus: 404,
  listed: true,
};

function mails(): { mailer: Mailer; sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    mailer: {
      send: async (mail) => {
        sent.push(mail);
        return { messageId: `<${mail.id}@test>` };
      },
      isReady: async () => true,
      close: async () => {},
    },
  };
}

const owner = (language: string) => User.fromPartial({ id: 'u_1', email: 'anna@alpen.test', name: 'Anna', language });

describe('the feed mails to shop owners', () => {
  it.each(LANGUAGES)(
    'tells a failing feed in the owner’s language (%s): the shop, the feed, why, the crawler’s words, the offers’ fate, the shop settings',
    async (language) => {
      const { mailer, sent } = mails();
      await new OwnerMails(mailer, 'https://pricecompare.ch/account/business', 72 * 3_600_000).send(owner(language), {
        kind: 'feedFailing',
        shopName: 'Alpen Audio',
        shopId: 'sh_1',
        feed: failing,
        id: 'evt_1.feedFailing',
      });
      const [mail] = sent;
      const expected = EXPECTED[language];
      expect(mail?.subject).toContain('Alpen Audio');
      expect(mail?.headers).toEqual({ 'X-Pricecompare-Kind': 'shop-feedFailing' });
      expect(mail?.text).toContain(FEED_URL);
      expect(mail?.text).toContain(expected.notFound);
      expect(mail?.text).toContain('http 404: the feed URL did not answer with a feed');
      // Intl may join number and unit with a no-break space (fr).
      expect(mail?.text.replace(/\s/g, ' ')).toContain(expected.window);
      expect(mail?.text).toContain(
        `${expected.settings}: https://pricecompare.ch/account/business/shops/sh_1#feeds-heading`,
      );
      expect(mail?.html).toContain('href="https://pricecompare.ch/account/business/shops/sh_1#feeds-heading"');
    },
  );

  it('tells the owner of a pending shop that the analysis waits, not that listed offers stay', async () => {
    const { mailer, sent } = mails();
    await new OwnerMails(mailer, 'https://pricecompare.ch/account/business', 36 * 3_600_000).send(owner('en'), {
      kind: 'feedFailing',
      shopName: 'Alpen Audio',
      shopId: 'sh_1',
      feed: { ...failing, listed: false, reason: 'timeout', detail: '', httpStatus: 0 },
      id: 'evt_2.feedFailing',
    });
    expect(sent[0]?.text).toContain('The server took too long to send the feed.');
    expect(sent[0]?.text).toContain('We can analyse your products only once the feed can be read.');
    expect(sent[0]?.text).not.toContain('Technical detail');
    expect(sent[0]?.text).not.toContain('stay on pricecompare');
  });

  it('states a freshness window that is not whole days in hours', async () => {
    const { mailer, sent } = mails();
    await new OwnerMails(mailer, 'https://pricecompare.ch/account/business', 36 * 3_600_000).send(owner('de'), {
      kind: 'feedFailing',
      shopName: 'Alpen Audio',
      shopId: 'sh_1',
      feed: failing,
      id: 'evt_3.feedFailing',
    });
    expect(sent[0]?.text).toContain('bis 36 Stunden nach dem letzten Lesen');
  });

  it('tells a recovered feed with the shop settings link and nothing of a failure', async () => {
    const { mailer, sent } = mails();
    await new OwnerMails(mailer, 'https://pricecompare.ch/account/business', 72 * 3_600_000).send(owner('fr'), {
      kind: 'feedRecovered',
      shopName: 'Alpen Audio',
      shopId: 'sh_1',
      feed: { ...failing, kind: 'feedRecovered', detail: '', httpStatus: 0 },
      id: 'evt_4.feedRecovered',
    });
    expect(sent[0]?.subject).toBe('Le flux de produits de Alpen Audio fonctionne de nouveau');
    expect(sent[0]?.text).toContain(
      `Nous avons de nouveau lu avec succès le flux de produits ${FEED_URL} de Alpen Audio.`,
    );
    expect(sent[0]?.text).not.toContain('introuvable');
    expect(sent[0]?.text).toContain('https://pricecompare.ch/account/business/shops/sh_1#feeds-heading');
  });
});
