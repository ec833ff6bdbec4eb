/**
 * The demo shops' admin address as the end-to-end tests read it: the manifest (where each shop
 * is, its feeds and habits), the request log the shops keep themselves, and price changes. Only
 * the fields the tests use are typed (scripts/demo-shops `site/manifest.ts` has them all).
 */
export interface DemoShop {
  readonly index: number;
  readonly name: string;
  readonly baseUrl: string;
  readonly currency: string;
  readonly feeds: readonly { readonly format: string; readonly url: string; readonly country: string }[];
  readonly misbehaviour: { readonly minIntervalMs: number; readonly burst503: { readonly seconds: number } | null };
}

export interface LoggedRequest {
  readonly t: number;
  readonly path: string;
  readonly status: number;
}

export interface LiveOffer {
  readonly shopOfferId: string;
  readonly url: string;
  readonly priceMinor: number;
  readonly currency: string;
  readonly listed: boolean;
}

export function demoShopsAdmin(adminUrl: string) {
  const json = async <T>(path: string, init?: RequestInit): Promise<T> => {
    const response = await fetch(`${adminUrl}${path}`, init);
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    shops: async () => (await json<{ shops: DemoShop[] }>('/__admin/shops')).shops,
    /** Per host: requests, arrivals closer than `minIntervalMs` to the one before. */
    requestSummary: (minIntervalMs: number) =>
      json<{
        hosts: { host: string; requests: number; overRate: number; maxInFlight: number }[];
        totals: { requests: number; overRate: number };
      }>(`/__admin/requests?minIntervalMs=${minIntervalMs}`),
    requestsOf: async (shop: DemoShop) =>
      (await json<{ requests: LoggedRequest[] }>(`/__admin/requests/${new URL(shop.baseUrl).host}`)).requests,
    offer: (shop: DemoShop, shopOfferId: string) =>
      json<LiveOffer>(`/__admin/offers/${shop.index}/${encodeURIComponent(shopOfferId)}`),
    setPrice: (shop: DemoShop, shopOfferId: string, priceMinor: number) =>
      json<LiveOffer>(`/__admin/offers/${shop.index}/${encodeURIComponent(shopOfferId)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ priceMinor }),
      }),
  };
}
