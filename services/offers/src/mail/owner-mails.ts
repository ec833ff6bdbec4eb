import type { Mailer } from '@pc/kit/ports/mailer';
import type { FeedNotice, OwnerNoticeKind } from '../domain/owner-notice.js';
import type { User } from '@pc/proto/accounts/v1/types';
import { feedNoticeTexts, windowInWords } from './feed-notice-texts.js';
import { ownerMailTexts } from './owner-mail-texts.js';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One notice to a shop owner: which step, of which shop, and for the feed analysis what was read. */
export interface OwnerNotice {
  readonly kind: OwnerNoticeKind;
  readonly shopName: string;
  /** The feed analysis: products valid and in total. */
  readonly products?: { readonly valid: number; readonly total: number };
  /** A feed notice: the feed, why it fails; the mail links to the shop's settings (`shopId`). */
  readonly feed?: FeedNotice;
  readonly shopId?: string;
  /** Stable per event (the Message-ID's local part): a redelivered event makes the same message. */
  readonly id: string;
}

/**
 * The e-mails offers sends shop owners at each lifecycle step and when a feed fails or works
 * again, through the kit's Mailer port (the local outbox folder, SMTP in the cluster), in the
 * owner's language with a link to the business dashboard (feed notices: the shop's settings).
 */
export class OwnerMails {
  constructor(
    private readonly mailer: Mailer,
    /** The business dashboard, `<SITE_URL>/account/business`; a shop's settings are under `/shops/<id>`. */
    private readonly dashboardUrl: string,
    /** The freshness window (`OFFERS_STALE_AFTER`): how long a failing feed's offers stay listed. */
    private readonly offersStayMs: number,
  ) {}

  async send(owner: User, notice: OwnerNotice): Promise<void> {
    const t = ownerMailTexts(owner.language);
    const text = t.notices[notice.kind];
    const detail = notice.products
      ? t.productsRead(notice.products.valid, notice.products.total)
      : (notice.feed?.feedUrl ?? '');
    const paragraphs = [
      t.greeting(owner.name),
      text.body(notice.shopName, detail),
      ...(notice.feed?.kind === 'feedFailing' ? this.failure(notice.feed, owner.language) : []),
    ];
    const link =
      notice.feed && notice.shopId
        ? { href: this.shopSettingsUrl(notice.shopId), label: t.shopSettings }
        : { href: this.dashboardUrl, label: t.dashboard };
    await this.mailer.send({
      to: owner.email,
      subject: text.subject(notice.shopName),
      text: [...paragraphs, `${link.label}: ${link.href}`].join('\n\n'),
      html: [
        ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
        `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`,
      ].join('\n'),
      id: notice.id,
      headers: { 'X-Pricecompare-Kind': `shop-${notice.kind}` },
    });
  }

  /** The shop's settings page at its feeds section (`<section>` "feeds" of the site's shop settings). */
  private shopSettingsUrl(shopId: string): string {
    return `${this.dashboardUrl.replace(/\/$/, '')}/shops/${encodeURIComponent(shopId)}#feeds-heading`;
  }

  /** Why the feed fails (plain words, then the crawler's), and what happens to the shop's offers meanwhile. */
  private failure(feed: FeedNotice, language: string): string[] {
    const f = feedNoticeTexts(language);
    return [
      f.reasons[feed.reason](feed.httpStatus),
      ...(feed.detail ? [f.technicalDetail(feed.detail)] : []),
      feed.listed ? f.offersStay(windowInWords(this.offersStayMs, language)) : f.analysisWaits,
    ];
  }
}
