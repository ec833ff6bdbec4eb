import { status as GrpcStatus } from '@grpc/grpc-js';
import { AlertState, Channel } from '@pc/proto/notifications/v1/types';
import { eventually, failure, NotificationsHarness } from './test-support/notifications-harness.js';

/**
 * The "stop e-mails" link of an alert's e-mail (ADR 152): the mail carries it in its text and as
 * List-Unsubscribe with one-click POST; its token names that alert of that user only. Followed,
 * the alert keeps its push and stops mailing; an alert that only mailed is paused. A forged or
 * altered token changes nothing; a deleted alert is NOT_FOUND.
 */

describe('the stop link of an alert e-mail', () => {
  let h: NotificationsHarness;
  beforeAll(async () => {
    h = await NotificationsHarness.start();
  });
  afterAll(() => h.stop());

  /** A user's alert mailing (and pushing, with `push`) on a product; it fires once; its mail's stop token. */
  async function mailedAlert(email: string, productId: string, channels: Channel[], language = 'en') {
    const userId = await h.user(email, language);
    const alertId = await h.targetAlert(userId, productId, channels);
    await h.priceChanged(productId, 'CH', { lowest: 24_000 });
    const mail = await eventually(() => h.mail.latest(email, 'price-alert'));
    const stop = new URL(/^<(.*)>$/.exec(mail.listUnsubscribe)?.[1] ?? 'http://none');
    return { userId, alertId, mail, stop, token: stop.searchParams.get('token') ?? '' };
  }

  it('puts the link in the mail and in its List-Unsubscribe header, in the user’s language', async () => {
    const { mail, stop } = await mailedAlert('links.de@example.test', 'p_links_1', [Channel.CHANNEL_EMAIL], 'de');
    expect(`${stop.origin}${stop.pathname}`).toBe('http://127.0.0.1:3000/alerts/stop-emails');
    expect(stop.searchParams.get('lang')).toBe('de');
    expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(`Keine E-Mails mehr für diesen Alarm: ${stop.toString()}`);
    expect(mail.text).toContain('Ihre Preisalarme: http://127.0.0.1:3000/account/alerts?lang=de');
  });

  it('stops the e-mails of an alert that also pushes, keeping the push; twice changes nothing', async () => {
    const { userId, alertId, token } = await mailedAlert('links.both@example.test', 'p_links_2', [
      Channel.CHANNEL_PUSH,
      Channel.CHANNEL_EMAIL,
    ]);
    expect(await h.client.getAlertEmailLink({ token })).toMatchObject({ alert: { id: alertId }, emailsOn: true });
    const { alert } = await h.client.stopAlertEmails({ token });
    expect([alert?.channels, alert?.state]).toEqual([[Channel.CHANNEL_PUSH], AlertState.ALERT_STATE_FIRED]);
    expect(await h.client.stopAlertEmails({ token })).toEqual({ alert });
    expect((await h.client.getAlertEmailLink({ token })).emailsOn).toBe(false);
    const owned = await h.client.getPriceAlert({ actorUserId: userId, alertId });
    expect(owned.alert?.channels).toEqual([Channel.CHANNEL_PUSH]);
  });

  it('pauses an alert that only e-mailed (no channel would mean push)', async () => {
    const { token } = await mailedAlert('links.only@example.test', 'p_links_3', [Channel.CHANNEL_EMAIL]);
    const { alert } = await h.client.stopAlertEmails({ token });
    expect([alert?.channels, alert?.state]).toEqual([[Channel.CHANNEL_EMAIL], AlertState.ALERT_STATE_PAUSED]);
    expect((await h.client.getAlertEmailLink({ token })).emailsOn).toBe(false);
  });

  it('refuses a token that is not ours or was altered, and changes nothing', async () => {
    const { userId, alertId, token } = await mailedAlert('links.forged@example.test', 'p_links_4', [
      Channel.CHANNEL_EMAIL,
    ]);
    const [header, payload, signature] = token.split('.');
    const otherPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), alert: 'a_other' }),
    ).toString('base64url');
    for (const bad of ['', 'not-a-token', `${header}.${otherPayload}.${signature}`, `${token.slice(0, -2)}xx`]) {
      const refused = await failure(h.client.stopAlertEmails({ token: bad }));
      expect([refused?.code, refused?.reason]).toEqual([GrpcStatus.INVALID_ARGUMENT, 'LINK_INVALID']);
    }
    const owned = await h.client.getPriceAlert({ actorUserId: userId, alertId });
    expect([owned.alert?.channels, owned.alert?.state]).toEqual([
      [Channel.CHANNEL_EMAIL],
      AlertState.ALERT_STATE_FIRED,
    ]);
  });

  it('answers NOT_FOUND once the alert was deleted', async () => {
    const { userId, alertId, token } = await mailedAlert('links.deleted@example.test', 'p_links_5', [
      Channel.CHANNEL_EMAIL,
    ]);
    await h.client.deletePriceAlert({ actorUserId: userId, alertId });
    expect((await failure(h.client.getAlertEmailLink({ token })))?.code).toBe(GrpcStatus.NOT_FOUND);
    expect((await failure(h.client.stopAlertEmails({ token })))?.code).toBe(GrpcStatus.NOT_FOUND);
  });
});
