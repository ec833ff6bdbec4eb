import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { Availability, Condition } from '@pc/proto/common/v1/commerce';
import { ObservationSource, OfferObserved } from '@pc/proto/crawler/events/v1/events';
import { useTestIdentity } from '@pc/kit/identity/testing/test-identity';
import { eventually } from '@pc/kit/testing/eventually';
import {
  answerOf,
  newStaffUser,
  renderPage,
  signInToPanel,
  type RouteAnswer,
  type StaffSession,
} from './admin-panel-session';
import { startPlatform, type Platform } from './platform-harness';

/**
 * The infrastructure panel's logs page (web/admin/app/routes/infrastructure.logs.tsx) over real
 * gRPC to the platform's services, each serving its recent warnings and errors from the process's
 * log ring (the kit's LogAdminService, ADR 133): a warning offers logged shows on the page, the
 * filters narrow it, a trace id links to its request, a service that does not answer is named.
 */

useTestIdentity('admin');

const PAGE = 'http://admin.test/admin/infrastructure/logs';
const UNKNOWN_SHOP = 'shop-nobody-listed-42';

type Route = typeof import('../admin/app/routes/infrastructure.logs');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's data, read by each test
type Answer = RouteAnswer<any>;

let platform: Platform;
let route: Route;
let staff: StaffSession;

const load = (query = '', who: StaffSession = staff): Promise<Answer> =>
  answerOf(() =>
    route.loader({
      request: new Request(`${PAGE}${query}`, { headers: { cookie: who.cookie } }),
      params: {},
      context: {},
    }),
  );

const render = (query = ''): Promise<string> =>
  renderPage(route, 'admin/infrastructure/logs', new Request(`${PAGE}${query}`, { headers: { cookie: staff.cookie } }));

const messagesOf = (answer: Answer): string[] => answer.data.page.rows.map((row: { message: string }) => row.message);

/** An offer of a shop offers does not know: offers skips it and warns (offer-ingest's reject). */
const unknownShopOffer = () =>
  OfferObserved.fromPartial({
    observationId: `${UNKNOWN_SHOP}:sku-1:${Date.now()}`,
    shopId: UNKNOWN_SHOP,
    shopOfferId: 'sku-1',
    url: 'https://nobody.example/p/sku-1',
    title: 'Studio headphones',
    brand: 'Sonora',
    gtin: '04006381333931',
    price: { amountMinor: 9_900, currency: 'CHF' },
    availability: Availability.AVAILABILITY_IN_STOCK,
    condition: Condition.CONDITION_NEW,
    country: 'CH',
    language: 'de',
    observedAt: new Date(),
    source: ObservationSource.OBSERVATION_SOURCE_FEED,
  });

beforeAll(async () => {
  platform = await startPlatform();
  route = await import('../admin/app/routes/infrastructure.logs');
  await newStaffUser(platform, 'logs-staff@platform.test', AdminPanel.ADMIN_PANEL_INFRASTRUCTURE);
  staff = await signInToPanel('infrastructure', 'logs-staff@platform.test', 'secret-pass');
  await platform.observe([unknownShopOffer()]);
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

describe('the infrastructure panel’s logs page', () => {
  it('shows a warning a service logged, newest first, with its service, fields and trace', async () => {
    const page = await eventually(async () => {
      const answer = await load(`?service=offers&q=${UNKNOWN_SHOP}`);
      return answer.data.page.rows.length > 0 && answer;
    }, 20_000);
    expect(page.status).toBe(200);
    const [row] = page.data.page.rows;
    expect(row).toMatchObject({
      level: 'warn',
      service: 'offers',
      message: expect.stringContaining('offer observation skipped'),
      traceId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(JSON.parse(row.fields)).toMatchObject({ reason: 'shop_unknown', shopId: UNKNOWN_SHOP });

    const html = await render(`?service=offers&q=${UNKNOWN_SHOP}`);
    expect(html).toContain('offer observation skipped');
    expect(html).toContain('&quot;shopId&quot;: &quot;shop-nobody-listed-42&quot;');
    // The trace id links to the same page filtered by it.
    expect(html).toContain(`trace=${row.traceId}`);
  });

  it('merges every service’s records and filters by trace, level, service and time', async () => {
    const all = await load();
    expect(all.status).toBe(200);
    const times: string[] = all.data.page.rows.map((row: { time: string }) => row.time);
    expect([...times].sort().reverse()).toEqual(times);
    expect(messagesOf(all).some((message) => message.startsWith('offer observation skipped'))).toBe(true);

    const warned = (await load(`?q=${UNKNOWN_SHOP}`)).data.page.rows[0];
    const byTrace = await load(`?trace=${warned.traceId}`);
    expect(byTrace.data.page.rows.map((row: { traceId: string }) => row.traceId)).toEqual(
      byTrace.data.page.rows.map(() => warned.traceId),
    );
    expect(messagesOf(byTrace)).toContain(warned.message);

    expect(messagesOf(await load(`?q=${UNKNOWN_SHOP}&level=error`))).toEqual([]);
    expect(messagesOf(await load(`?q=${UNKNOWN_SHOP}&service=catalog`))).toEqual([]);
    expect(messagesOf(await load(`?q=${UNKNOWN_SHOP}&since=15m`))).toEqual([warned.message]);
  });

  it('refuses a bad filter beside its field, asking no service', async () => {
    const answer = await load('?trace=not-a-trace&level=debug');
    expect(answer).toMatchObject({ status: 400, data: { errors: { trace: 'logs.badTrace', level: 'logs.badLevel' } } });
    const html = await render('?trace=not-a-trace');
    expect(html).toContain('A trace id is 32 hexadecimal digits.');
  });

  it('names the services that do not answer and still shows the others', async () => {
    await platform.stopService('notifications');
    const answer = await load(`?q=${UNKNOWN_SHOP}`);
    expect(answer.status).toBe(200);
    // Each replica is named by its service and address; billing and the crawler do not run here either.
    const notifications = `notifications (${platform.addresses.notifications})`;
    expect(answer.data.unreachable).toEqual(
      expect.arrayContaining([
        notifications,
        expect.stringMatching(/^billing \(/),
        expect.stringMatching(/^crawler \(/),
      ]),
    );
    expect(messagesOf(answer)).toHaveLength(1);
    expect(await render()).toMatch(/Not answering: [^<]*notifications \(127\.0\.0\.1:\d+\)/);
  });

  it('is the infrastructure panel’s alone', async () => {
    await newStaffUser(platform, 'logs-shopping@platform.test', AdminPanel.ADMIN_PANEL_SHOPPING);
    const shopping = await signInToPanel('infrastructure', 'logs-shopping@platform.test', 'secret-pass');
    expect(await load('', shopping)).toMatchObject({ status: 302, location: expect.stringContaining('/login') });
  });
});
