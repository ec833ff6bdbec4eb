import { Channel } from '@pc/proto/notifications/v1/types';
import { eventually, NotificationsHarness } from './test-support/notifications-harness.js';

/**
 * What a fired alert says (ADR 150): the push and the e-mail are titled by the product's name as
 * catalog has it, in the user's language — English, German, Italian, Spanish, Portuguese — and
 * with catalog not answering the alert still goes out, with its plain title.
 */

const TITLE = 'Sony WH-1000XM5 Wireless Noise Cancelling Headphones';

/** A user with a target-price alert on the product and a browser; the price then crosses it. */
async function fired(h: NotificationsHarness, email: string, language: string, productId: string, byMail = false) {
  const userId = await h.user(email, language);
  const browser = await h.browser(userId);
  await h.targetAlert(
    userId,
    productId,
    byMail ? [Channel.CHANNEL_PUSH, Channel.CHANNEL_EMAIL] : [Channel.CHANNEL_PUSH],
  );
  return { userId, browser };
}

describe('the words of a fired alert', () => {
  let h: NotificationsHarness;
  let productId = '';
  let name = '';
  beforeAll(async () => {
    h = await NotificationsHarness.start();
    productId = await h.product(TITLE, '4006381333931');
    name = (await h.catalog.getProduct({ productId, language: 'en' })).product?.name ?? '';
  });
  afterAll(() => h.stop());

  it('titles the push and the e-mail by the product’s name, so a user with several alerts knows which moved', async () => {
    expect(name).toContain('WH-1000XM5');
    const { browser } = await fired(h, 'named.en@example.test', 'en', productId, true);
    await h.priceChanged(productId, 'CH', { lowest: 24_000 });
    const [pushed] = await h.push.waitFor(browser.id, 1);
    expect(JSON.parse(pushed?.payload ?? '{}')).toMatchObject({
      title: `Price alert: ${name}`,
      body: 'The price is now CHF 240.00 (your target: CHF 250.00).',
    });
    const mail = await eventually(() => h.mail.latest('named.en@example.test', 'price-alert'));
    expect(mail.subject).toBe(`Price alert: ${name}`);
  });

  it.each([
    ['de', 'Preisalarm', 'Der Preis beträgt jetzt CHF 230.00 (Ihr Zielpreis: CHF 250.00).'],
    ['it', 'Avviso di prezzo', 'Il prezzo ora è CHF 230.00 (il tuo prezzo obiettivo: CHF 250.00).'],
    ['es', 'Alerta de precio', 'El precio es ahora CHF 230.00 (tu precio objetivo: CHF 250.00).'],
    ['pt', 'Alerta de preço', 'O preço é agora CHF 230.00 (o seu preço-alvo: CHF 250.00).'],
  ])('speaks the user’s language (%s)', async (language, title, body) => {
    const other = await h.product(`${TITLE} ${language}`, '');
    const otherName = (await h.catalog.getProduct({ productId: other, language })).product?.name ?? '';
    const { browser } = await fired(h, `named.${language}@example.test`, language, other);
    await h.priceChanged(other, 'CH', { lowest: 23_000 });
    const [pushed] = await h.push.waitFor(browser.id, 1);
    expect(JSON.parse(pushed?.payload ?? '{}')).toMatchObject({ title: `${title}: ${otherName}`, body });
  });

  it('says plainly "price alert" for a product catalog does not show', async () => {
    const { browser } = await fired(h, 'unknown.product@example.test', 'en', 'p_not_in_catalog');
    await h.priceChanged('p_not_in_catalog', 'CH', { lowest: 24_000 });
    const [pushed] = await h.push.waitFor(browser.id, 1);
    expect(JSON.parse(pushed?.payload ?? '{}').title).toBe('Price alert');
  });
});

describe('a fired alert while catalog does not answer', () => {
  let h: NotificationsHarness;
  beforeAll(async () => {
    // Nothing listens there: every name read fails at once.
    h = await NotificationsHarness.start(undefined, { CATALOG_GRPC_ADDR: '127.0.0.1:1' });
  });
  afterAll(() => h.stop());

  it('still goes out at once, with its plain title', async () => {
    const { browser } = await fired(h, 'catalog.down@example.test', 'de', 'p1');
    await h.priceChanged('p1', 'CH', { lowest: 24_000 });
    const [pushed] = await h.push.waitFor(browser.id, 1);
    expect(JSON.parse(pushed?.payload ?? '{}')).toMatchObject({
      title: 'Preisalarm',
      body: 'Der Preis beträgt jetzt CHF 240.00 (Ihr Zielpreis: CHF 250.00).',
    });
  });
});
