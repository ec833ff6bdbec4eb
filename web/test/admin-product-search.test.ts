import { CatalogServiceService, MatchProductRequest, UpdateProductRequest } from '@pc/proto/catalog/v1/catalog';
import { ProductStatus } from '@pc/proto/catalog/v1/types';
import { createServiceClient } from '@pc/kit/grpc/client';
import { useTestIdentity } from '@pc/kit/identity/testing/test-identity';
import { answerOf, renderPage, signInToPanel, type RouteAnswer } from './admin-panel-session';
import { eventually } from './platform-fixture';
import { startPlatform, type Platform } from './platform-harness';

/**
 * The shopping panel's products table (web/admin/app/routes/shopping.products.tsx) in one process:
 * its loader and view as Remix runs them, signed in through the panel's own sign-in, over real gRPC
 * to catalog. Staff find a product by a GTIN a shop or customer reports (hidden ones too), by the
 * start of its name, or list a category's products; the filters live in the URL with the table's
 * sort and page, and a GTIN with a wrong check digit is said beside the box, never a 500.
 */

// The admin app's calls sign as it does in production.
useTestIdentity('admin');

const PAGE = 'http://admin.test/admin/shopping/products';

/** A GTIN-13 from 12 digits with its check digit (GS1: weights 1,3 from the left). */
function gtin13(body: string): string {
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** The same 13 digits with a check digit one off. */
const wrongCheckDigit = (gtin: string) => `${gtin.slice(0, 12)}${(Number(gtin.slice(12)) + 1) % 10}`;

const GTINS = { headphones: gtin13('454873613261'), earbuds: gtin13('454873615488'), kettle: gtin13('871010038012') };

type Route = typeof import('../admin/app/routes/shopping.products');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's data, read by each test
type Answer = RouteAnswer<any>;

let platform: Platform;
let route: Route;
let cookie = '';
const ids: Record<'headphones' | 'earbuds' | 'kettle' | 'recalled', string> = {
  headphones: '',
  earbuds: '',
  kettle: '',
  recalled: '',
};
const categories: Record<'audio' | 'headphones' | 'kitchen', string> = { audio: '', headphones: '', kitchen: '' };

/** Runs the loader, reading what it returned or threw as the browser would get it. */
const load = (search: string): Promise<Answer> =>
  answerOf(() =>
    route.loader({ request: new Request(`${PAGE}${search}`, { headers: { cookie } }), params: {}, context: {} }),
  );

const rowIds = (answer: Answer): string[] => answer.data.page.rows.map((row: { id: string }) => row.id);

/** The page as the app renders it (loader and view, under a root that gives the language). */
const render = (search: string): Promise<string> =>
  renderPage(route, 'admin/shopping/products', new Request(`${PAGE}${search}`, { headers: { cookie } }));

/** Signs in to the shopping panel through its sign-in page, as a browser does; its cookie. */
async function signIn(email: string, password: string): Promise<string> {
  const session = await signInToPanel('shopping', email, password);
  if (!session.csrf) throw new Error('the shopping panel refused sign-in');
  return session.cookie;
}

beforeAll(async () => {
  platform = await startPlatform();
  // Loaded now: the admin app's config reads the addresses the platform put in process.env.
  route = await import('../admin/app/routes/shopping.products');
  const catalog = createServiceClient(CatalogServiceService, platform.addresses.catalog);
  const match = async (title: string, brand: string, categoryPath: string, gtin: string) =>
    (
      await catalog.matchProduct(
        MatchProductRequest.fromPartial({
          shopId: 'shop-1',
          shopOfferId: title,
          title,
          brand,
          categoryPath,
          gtin,
          language: 'en',
          createIfMissing: true,
        }),
      )
    ).productId;
  ids.headphones = await match('Sony WH-1000XM5 Wireless Headphones', 'Sony', 'Audio > Headphones', GTINS.headphones);
  ids.earbuds = await match('Sony WF-1000XM5 Earbuds', 'Sony', 'Audio', GTINS.earbuds);
  ids.kettle = await match('Philips Series 5000 Kettle', 'Philips', 'Kitchen', GTINS.kettle);
  ids.recalled = await match('Sony SRS-XB13 Speaker (recalled)', 'Sony', 'Audio', gtin13('454873616111'));
  // Hidden by staff: off the site and its search, still the staff table's.
  await catalog.updateProduct(
    UpdateProductRequest.fromPartial({
      productId: ids.recalled,
      actorUserId: platform.staffUserId,
      status: ProductStatus.PRODUCT_STATUS_HIDDEN,
    }),
  );
  const { product } = await catalog.getProduct({ productId: ids.headphones, language: 'en' });
  categories.audio = product?.breadcrumbs[0]?.id ?? '';
  categories.headphones = product?.category?.id ?? '';
  const { product: kettle } = await catalog.getProduct({ productId: ids.kettle, language: 'en' });
  categories.kitchen = kettle?.category?.id ?? '';
  expect(Object.values(categories).every((id) => id !== '')).toBe(true);
  cookie = await signIn('root@platform.test', 'root-secret');
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

describe('the shopping panel’s products table', () => {
  it('finds the product carrying a GTIN, as printed with spaces, and a hidden one too', async () => {
    const found = await load(`?q=${GTINS.headphones}`);
    expect(found.status).toBe(200);
    expect(rowIds(found)).toEqual([ids.headphones]);
    expect(found.data).toMatchObject({ gtin: `0${GTINS.headphones}`, problem: null });
    expect(found.data.page).toMatchObject({ total: 1, pages: 1 });

    const spaced = `${GTINS.earbuds.slice(0, 1)} ${GTINS.earbuds.slice(1, 7)} ${GTINS.earbuds.slice(7)}`;
    expect(rowIds(await load(`?${new URLSearchParams({ q: spaced })}`))).toEqual([ids.earbuds]);
    const hidden = await load(`?q=${gtin13('454873616111')}`);
    expect(hidden.data.page.rows).toEqual([expect.objectContaining({ id: ids.recalled, status: 'hidden' })]);
    // A valid GTIN nobody carries: an empty list, no complaint.
    expect(await load(`?q=${gtin13('400000000001')}`)).toMatchObject({
      status: 200,
      data: { problem: null, page: { rows: [], total: 0 } },
    });
    const html = await render(`?q=${GTINS.headphones}`);
    expect(html).toContain(`Products carrying GTIN 0${GTINS.headphones}`);
    expect(html).toContain('Sony WH-1000XM5 Wireless Headphones');
    expect(html).not.toContain('Philips Series 5000 Kettle');
  });

  it('finds the products whose name starts with the text, case aside, every status, sorted and paged', async () => {
    const sony = await load('?q=SONY&sort=name&dir=asc');
    expect(rowIds(sony)).toEqual([ids.recalled, ids.earbuds, ids.headphones]);
    expect(sony.data.page).toMatchObject({ total: 3, pages: 1 });
    expect(rowIds(await load('?q=sony+wh'))).toEqual([ids.headphones]);
    // Paged by catalog: the three fit on page 1, page 2 is past them.
    expect((await load('?q=sony&sort=name&page=2')).data.page).toMatchObject({ page: 2, rows: [], total: 3 });
    // With the brand filter too: every filter holds.
    expect(rowIds(await load('?q=sony&brand=philips'))).toEqual([]);
    expect(rowIds(await load('?q=philips&brand=Philips'))).toEqual([ids.kettle]);
  });

  it('finds listed products by a word inside their names when no name starts with the text', async () => {
    // Search indexes catalog's products from its events: wait until it knows the kettle.
    const kettle = await eventually('search to index the kettle', async () => {
      const answer = await load('?q=kettle');
      return rowIds(answer).length > 0 ? answer : undefined;
    });
    expect(rowIds(kettle)).toEqual([ids.kettle]);
    expect(kettle.data.byWords).toBe(true);
    expect(await render('?q=kettle')).toContain('No product’s name starts with “kettle”: these listed products');
    // The words with the filters: the brand and category still hold.
    expect(rowIds(await load('?q=WH-1000XM5'))).toEqual([ids.headphones]);
    expect(rowIds(await load('?q=kettle&brand=sony'))).toEqual([]);
    // A hidden product is not in search: its words find nothing, its name's start still does.
    expect(rowIds(await load('?q=recalled'))).toEqual([]);
    expect((await load('?q=sony+srs')).data).toMatchObject({ byWords: false, page: { total: 1 } });
  });

  it('lists only a category’s products (its subcategories’ too), by itself or with a search', async () => {
    const audio = await load(`?category=${categories.audio}&sort=name`);
    expect(rowIds(audio)).toEqual([ids.recalled, ids.earbuds, ids.headphones]);
    expect(rowIds(await load(`?category=${categories.headphones}`))).toEqual([ids.headphones]);
    expect(rowIds(await load(`?category=${categories.kitchen}`))).toEqual([ids.kettle]);
    expect(rowIds(await load(`?category=${categories.kitchen}&q=sony`))).toEqual([]);
    // A GTIN's product only when it lies in the category.
    expect(rowIds(await load(`?category=${categories.kitchen}&q=${GTINS.headphones}`))).toEqual([]);
    expect(rowIds(await load(`?category=${categories.audio}&q=${GTINS.headphones}`))).toEqual([ids.headphones]);

    // The category tree's options, the chosen one selected; sorting keeps the filters in the URL.
    const html = await render(`?category=${categories.headphones}&q=sony`);
    expect(html).toMatch(new RegExp(`<option value="${categories.audio}">Audio</option>`));
    expect(html).toMatch(new RegExp(`<option value="${categories.headphones}" selected="">— Headphones</option>`));
    expect(html).toContain(`href="/admin/shopping/products?category=${categories.headphones}&amp;q=sony&amp;sort=name`);
    expect(html).toContain('value="sony"');
  });

  it('says beside the box when a GTIN’s check digit is wrong or the digits are no GTIN, never a 500', async () => {
    const bad = await load(`?q=${wrongCheckDigit(GTINS.headphones)}`);
    expect(bad.status).toBe(200);
    expect(bad.data).toMatchObject({ problem: { field: 'q', problem: 'checkDigit' }, page: { rows: [], total: 0 } });
    const html = await render(`?q=${wrongCheckDigit(GTINS.headphones)}`);
    expect(html).toContain(
      '<span class="field-error" id="q-error" role="alert">Not a valid GTIN: its last digit (the check digit) does not fit the others. Check the number.</span>',
    );
    expect(html).toMatch(/aria-describedby="products-q-help q-error"/);
    expect(html).toContain(`value="${wrongCheckDigit(GTINS.headphones)}"`);

    expect((await load('?q=4548736132')).data.problem).toEqual({ field: 'q', problem: 'notGtin', digits: 10 });
    expect(await render('?q=4548736132')).toContain('this has 10');
    // An unknown brand or category: said beside its input, not an error page.
    expect(await load('?brand=nobody')).toMatchObject({
      status: 200,
      data: { problem: { field: 'brand', problem: 'unknownBrand' }, page: { rows: [] } },
    });
    expect(await load('?category=nowhere')).toMatchObject({
      status: 200,
      data: { problem: { field: 'category', problem: 'unknownCategory' }, page: { rows: [] } },
    });
    expect(await render('?category=nowhere')).toContain(
      '<span class="field-error" id="category-error" role="alert">No category has this id.</span>',
    );
  });
});
