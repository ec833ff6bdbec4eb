import type { Mailer } from '@pc/kit/ports/mailer';
import type { OwnerNoticeKind } from '../domain/owner-notice.js';
import type { User } from '@pc/proto/accounts/v1/types';
import { ownerMailTexts } from './owner-mail-texts.js';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One notice to a shop owner: which step, of which shop, and for the feed analysis what was read. */
export interface OwnerNotice {
  readonly kind: OwnerNoticeKind;
  readonly shopName: string;
  /** The feed analysis: products valid and in total. */
  readonly products?: { readonly valid: number; readonly total: number };
  /** Stable per event (the Message-ID's local part): a redelivered event makes the same message. */
  readonly id: string;
}

/**
 * The e-mails offers sends shop owners at each lifecycle step, through the kit's Mailer port (the
 * local outbox folder, SMTP in the cluster), in the owner's language with a link to the business
 * dashboard.
 */
export class OwnerMails {
  constructor(
    private readonly mailer: Mailer,
    private readonly dashboardUrl: string,
  ) {}

  async send(owner: User, notice: OwnerNotice): Promise<void> {
    const t = ownerMailTexts(owner.language);
    const text = t.notices[notice.kind];
    const detail = notice.products ? t.productsRead(notice.products.valid, notice.products.total) : '';
    const paragraphs = [t.greeting(owner.name), text.body(notice.shopName, detail)];
    await this.mailer.send({
      to: owner.email,
      subject: text.subject(notice.shopName),
      text: [...paragraphs, `${t.dashboard}: ${this.dashboardUrl}`].join('\n\n'),
      html: [
        ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
        `<p><a href="${escapeHtml(this.dashboardUrl)}">${escapeHtml(t.dashboard)}</a></p>`,
      ].join('\n'),
      id: notice.id,
      headers: { 'X-Pricecompare-Kind': `shop-${notice.kind}` },
    });
  }
}
