/** The five staff panels (spec §2.4), each a role of its own (`staff:<panel>`) and a URL prefix. */
export const STAFF_PANELS = ['shopping', 'admin', 'infrastructure', 'affiliates', 'crawler'] as const;

export type StaffPanel = (typeof STAFF_PANELS)[number];

export const isStaffPanel = (value: string | undefined): value is StaffPanel =>
  (STAFF_PANELS as readonly string[]).includes(value ?? '');

/** A panel's entries in its navigation: path below /admin/<panel>/ and the message key of its label. */
export interface NavItem {
  readonly path: string;
  readonly label: string;
}

export const PANEL_NAV: Readonly<Record<StaffPanel, readonly NavItem[]>> = {
  shopping: [
    { path: 'products', label: 'nav.products' },
    { path: 'brands', label: 'nav.brands' },
    { path: 'categories', label: 'nav.categories' },
    { path: 'reviews', label: 'nav.reviews' },
    { path: 'shop-reviews', label: 'nav.shopReviews' },
    // Prices offers holds back as implausible until staff confirm them (ADR 146).
    { path: 'held-prices', label: 'nav.heldPrices' },
    { path: 'audit', label: 'nav.audit' },
  ],
  admin: [
    { path: 'users', label: 'nav.users' },
    { path: 'shops', label: 'nav.shops' },
    { path: 'invoices', label: 'nav.invoices' },
    { path: 'fx-rates', label: 'nav.fxRates' },
    { path: 'audit', label: 'nav.audit' },
  ],
  infrastructure: [
    { path: 'services', label: 'nav.services' },
    { path: 'indices', label: 'nav.indices' },
    { path: 'topics', label: 'nav.topics' },
    { path: 'consumer-groups', label: 'nav.consumerGroups' },
    { path: 'dead-letters', label: 'nav.deadLetters' },
    { path: 'caches', label: 'nav.caches' },
    { path: 'logs', label: 'nav.logs' },
    // admin-jobs: the job dashboard and the data area's exports and imports (ADR 055)
    { path: 'jobs', label: 'nav.jobs' },
    { path: 'data', label: 'nav.data' },
    { path: 'audit', label: 'nav.audit' },
  ],
  affiliates: [
    { path: 'advertisers', label: 'nav.advertisers' },
    { path: 'promotions', label: 'nav.promotions' },
    { path: 'transactions', label: 'nav.transactions' },
    { path: 'postbacks', label: 'nav.postbacks' },
    { path: 'ecotip', label: 'nav.ecotip' },
    { path: 'audit', label: 'nav.audit' },
  ],
  crawler: [
    { path: 'hosts', label: 'nav.hosts' },
    { path: 'schedules', label: 'nav.schedules' },
    { path: 'jobs', label: 'nav.jobs' },
    { path: 'urls', label: 'nav.urls' },
    { path: 'rules', label: 'nav.rules' },
    { path: 'feeds', label: 'nav.feeds' },
    { path: 'failing-feeds', label: 'nav.failingFeeds' },
    { path: 'audit', label: 'nav.audit' },
  ],
};

/** Where the admin app lives (vite.config.ts `basename`). */
export const BASE = '/admin';

export const panelPath = (panel: StaffPanel, rest = ''): string => `${BASE}/${panel}${rest ? `/${rest}` : ''}`;

/**
 * A redirect's Location inside the app: Remix prepends the basename to a loader's or action's
 * redirect, so the path given here (with /admin, like every link) goes without it.
 */
export const routerPath = (path: string): string => (path.startsWith(`${BASE}/`) ? path.slice(BASE.length) : path);
