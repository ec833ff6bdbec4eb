/** Why one of a shop's offers is not listed (offers' inactive reasons), as the settings page names it. */
export const NOT_LISTED_REASONS = ['stale', 'not_in_feed', 'hidden', 'shop_suspended', 'shop_deleted'] as const;
export type NotListedReason = (typeof NOT_LISTED_REASONS)[number];

/** The tabs of "Your offers": the query value of each (listed is the default, no parameter). */
export type OwnOffersTab = 'listed' | 'not-listed';

/** The query parameters of the offers table on the shop settings page. */
export const OWN_OFFERS_PARAMS = { tab: 'offers', page: 'offersPage' } as const;

interface Amount {
  readonly amountMinor: number;
  readonly currency: string;
}

/** One of the shop's offers as its owner sees it. */
export interface OwnOfferRow {
  readonly id: string;
  /** The shop's own title of it. */
  readonly title: string;
  /** Its page in the shop. */
  readonly url: string;
  /** The product it is matched to (its page on the site), '' when none. */
  readonly productId: string;
  readonly country: string;
  readonly price: Amount;
  readonly shipping: Amount | null;
  readonly lastSeenAt: string;
  /** Listed: the product's lowest price in the offer's country, of how many offers; and whether this is it. */
  readonly cheapestPrice: Amount | null;
  readonly offersInCountry: number;
  readonly cheapest: boolean;
  /** Listed but its price held as implausibly low (ADR 146): the others' typical price then. */
  readonly heldBeside: Amount | null;
  /** Not listed: why, and the staff's reason when they hid it. */
  readonly notListed: NotListedReason | null;
  readonly hiddenReason: string;
}

/** A page of "Your offers", or null when offers could not answer (the rest of the page still works). */
export interface OwnOffersView {
  readonly tab: OwnOffersTab;
  readonly rows: readonly OwnOfferRow[];
  readonly listedCount: number;
  readonly notListedCount: number;
  readonly page: number;
  readonly pages: number;
}

/** The link of a tab and page of the table, keeping the page's other parameters. */
export function ownOffersHref(search: string, tab: OwnOffersTab, page: number): string {
  const params = new URLSearchParams(search);
  if (tab === 'listed') params.delete(OWN_OFFERS_PARAMS.tab);
  else params.set(OWN_OFFERS_PARAMS.tab, tab);
  if (page <= 1) params.delete(OWN_OFFERS_PARAMS.page);
  else params.set(OWN_OFFERS_PARAMS.page, String(page));
  const query = params.toString();
  return `${query ? `?${query}` : '?'}#offers-heading`;
}

/** Beyond this a page number is a typo, not a page (and stays inside the RPC's int32). */
const MAX_PAGE = 10_000;

/** The tab and page the URL asks for; anything else reads as the first page of listed offers. */
export function ownOffersQuery(url: URL): { tab: OwnOffersTab; page: number } {
  const tab = url.searchParams.get(OWN_OFFERS_PARAMS.tab) === 'not-listed' ? 'not-listed' : 'listed';
  const asked = Number(url.searchParams.get(OWN_OFFERS_PARAMS.page) ?? '1');
  const page = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, MAX_PAGE) : 1;
  return { tab, page };
}
