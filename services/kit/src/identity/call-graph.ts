/**
 * Who may call which RPC: for each calling principal, the proto package of a callee (the second
 * part of the method path, `/pricecompare.<package>.v1.<Service>/<Method>`) and the methods it
 * may call there, or '*' for all of them; a principal's '*' is every method of every package. It follows the calls of the architecture: the site and
 * the admin app call every service (always for a signed-in user or an anonymous visitor, never
 * with staff rights of their own); services call the few RPCs of their peers they need; the seed
 * only the writes it makes. NetworkPolicies in the chart allow the same edges
 * (charts/pricecompare/templates/network-policies.yaml); a test checks both agree.
 */
import { CLIENT_PRINCIPALS } from './principals.js';

export type CallGraph = Readonly<Record<string, '*' | Readonly<Record<string, '*' | readonly string[]>>>>;

/** The staff rule (services/lib/staff-access) reads the caller's roles from accounts. */
const STAFF_CHECK = { accounts: ['GetUser'] } as const;

export const CALL_GRAPH: CallGraph = {
  web: '*',
  admin: '*',
  ops: '*',
  seed: {
    catalog: ['UpdateProduct', 'MatchProduct', 'ListProducts', 'FindProductsByGtin', 'AddReview'],
    offers: ['RegisterShop', 'UpdateShop', 'SetShopStatus', 'ListShops', 'SetFxRates', 'AddFeed', 'AddShopReview'],
    search: ['SearchProducts'],
    // The demo visitors who review shops are accounts of their own (found again by address).
    accounts: ['Login', 'Register', 'SearchUsers'],
    affiliates: ['ListPromotions', 'CreatePromotion'],
    crawler: ['SetExtractionRules', 'ScheduleCrawl', 'ListFeedFetches'],
  },
  catalog: STAFF_CHECK,
  offers: { ...STAFF_CHECK, catalog: ['MatchProducts', 'VetoOfferMatch', 'MoveOfferLinks'] },
  // A staff-started rebuild reads every product, category, price summary, offer and listed shop
  // from their owners (ADR 113, 127).
  search: {
    ...STAFF_CHECK,
    catalog: ['StreamProducts', 'GetCategoryTree'],
    offers: ['StreamProductPriceSummaries', 'StreamOffers', 'ListShops', 'GetShop'],
  },
  accounts: {},
  billing: { ...STAFF_CHECK, offers: ['GetShop'] },
  affiliates: { ...STAFF_CHECK, offers: ['GetFxRates', 'GetShop', 'ListOffers'] },
  crawler: STAFF_CHECK,
  // A new alert's current price; the name of the product an alert is about (ADR 150).
  notifications: { ...STAFF_CHECK, offers: ['GetProductPriceSummaries'], catalog: ['BatchGetProducts'] },
};

/**
 * The service principal a server is: the first of its registrations (`pricecompare.<package>.v1.X`)
 * whose package is a service of the graph — the staff APIs every service serves beside its own
 * (`pricecompare.staff.v1`) name no one.
 */
export function principalServing(serviceNames: readonly string[], graph: CallGraph = CALL_GRAPH): string | undefined {
  return serviceNames
    .map((name) => name.split('.')[1] ?? '')
    .find((pkg) => pkg in graph && !(CLIENT_PRINCIPALS as readonly string[]).includes(pkg));
}

/** `/pricecompare.catalog.v1.CatalogService/GetProduct` → `['catalog', 'GetProduct']`. */
export function calleeOf(methodPath: string): [pkg: string, method: string] {
  const [service = '', method = ''] = methodPath.slice(1).split('/');
  return [service.split('.')[1] ?? '', method];
}

/** Whether `principal` may call the method; `graph` defaults to the platform's. */
export function mayCall(principal: string, methodPath: string, graph: CallGraph = CALL_GRAPH): boolean {
  const [pkg, method] = calleeOf(methodPath);
  const rights = graph[principal];
  if (rights === '*') return true;
  const allowed = rights?.[pkg];
  return allowed === '*' || (allowed !== undefined && allowed.includes(method));
}
