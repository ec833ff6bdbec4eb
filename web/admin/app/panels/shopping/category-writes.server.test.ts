import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import type { UpdateCategoryRequest } from '@pc/proto/catalog/v1/catalog';
import { Category } from '@pc/proto/catalog/v1/types';
import type { StaffContext } from '../../auth/staff-session.server';
import { action, loader } from '../../routes/shopping.categories_.$category';

// The panel's session and catalog are stand-ins: this tests the page's loader and action and the
// UpdateCategory they send, not the sign-in or the RPC.
jest.mock('../../auth/staff-session.server', () => ({
  requireStaff: jest.fn(async (): Promise<StaffContext> => ({
    panel: 'shopping',
    user: { id: 'staff-1', name: 'Root', email: 'root@staff.test', panels: ['shopping'] },
    session: { token: 't', csrf: 'csrf-1', authAt: Date.now(), seenAt: Date.now() } as StaffContext['session'],
    setCookie: '',
  })),
  needsReauth: () => false,
}));
jest.mock('../../services/grpc.server', () => {
  const catalog = { getCategory: jest.fn(), getCategoryTree: jest.fn(), updateCategory: jest.fn() };
  return { client: () => catalog };
});

const catalog = jest
  .requireMock<{
    client: () => { getCategory: jest.Mock; getCategoryTree: jest.Mock; updateCategory: jest.Mock };
  }>('../../services/grpc.server')
  .client();

/** Boots: own texts in English and German; other languages read the English ones. */
const TEXTS: Record<string, Partial<Category>> = {
  en: {
    name: 'Hiking Boots',
    description: 'Boots for every trail.',
    meta: { title: 'Hiking boots compared', description: 'Compare prices.', keywords: ['boots', 'hiking'] },
  },
  de: {
    name: 'Wanderschuhe',
    description: 'Für jeden Weg.',
    meta: { title: 'Wanderschuhe im Vergleich', description: 'Preise vergleichen.', keywords: ['wandern'] },
  },
};
const categoryIn = (language: string) => {
  const own = TEXTS[language] ? language : 'en';
  return Category.fromPartial({ id: 'c_boots', version: 7, ...TEXTS[own], language: own });
};

const post = (fields: Record<string, string>) =>
  action({
    request: new Request('http://admin.test/admin/shopping/categories/c_boots', {
      method: 'POST',
      body: new URLSearchParams({ _csrf: 'csrf-1', ...fields }),
    }),
    params: { category: 'c_boots' },
    context: {},
  }) as Promise<unknown>;
type Answer = { data: Record<string, unknown>; init: { status?: number } | null };
const sent = (): UpdateCategoryRequest => catalog.updateCategory.mock.calls[0]?.[0] as UpdateCategoryRequest;

const germanTexts = {
  _intent: 'texts',
  version: '7',
  language: 'de',
  name: 'Wanderstiefel',
  description: 'Für jeden Weg.',
  metaTitle: 'Wanderstiefel im Vergleich',
  metaDescription: 'Preise vergleichen.',
  keywords: 'wandern, stiefel',
};

/** The category page's texts: per language its name, description and metas, shown and edited whole; a rename keeps them. */
describe('the shopping panel’s category page: texts and metas per language', () => {
  beforeEach(() => {
    catalog.getCategory.mockReset().mockImplementation(async ({ language }: { language: string }) => ({
      category: categoryIn(language),
    }));
    catalog.getCategoryTree.mockReset().mockResolvedValue({ nodes: [] });
    catalog.updateCategory.mockReset().mockResolvedValue({ category: categoryIn('en') });
  });

  it('shows the current texts of the language asked for, and tells a language without texts of its own', async () => {
    const page = async (query: string) =>
      (
        (await loader({
          request: new Request(`http://admin.test/admin/shopping/categories/c_boots${query}`),
          params: { category: 'c_boots' },
          context: {},
        })) as unknown as Answer
      ).data as {
        language: string;
        category: { texts: Record<string, { name: string; metaTitle: string; keywords: string[]; own: boolean }> };
      };
    const german = await page('?language=de');
    expect(german.language).toBe('de');
    expect(german.category.texts.de).toEqual({
      name: 'Wanderschuhe',
      description: 'Für jeden Weg.',
      metaTitle: 'Wanderschuhe im Vergleich',
      metaDescription: 'Preise vergleichen.',
      keywords: ['wandern'],
      own: true,
    });
    expect(german.category.texts.fr).toMatchObject({ name: 'Hiking Boots', own: false });
    expect((await page('')).language).toBe('en');
  });

  it('confirms the changed texts with before and after, then writes that language’s texts whole', async () => {
    const confirm = (await post(germanTexts)) as Answer;
    expect(confirm.data).toMatchObject({
      stage: 'confirm',
      summary: {
        title: 'Change the texts of the category Hiking Boots (de)',
        changes: [
          { label: 'Name', before: 'Wanderschuhe', after: 'Wanderstiefel' },
          {
            label: 'Meta title (the page title)',
            before: 'Wanderschuhe im Vergleich',
            after: 'Wanderstiefel im Vergleich',
          },
          { label: 'Meta keywords', before: 'wandern', after: 'wandern, stiefel' },
        ],
      },
    });
    expect(catalog.updateCategory).not.toHaveBeenCalled();

    const done = (await post({ ...germanTexts, _confirmed: '1' })) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/shopping/categories/c_boots?language=de&done=1');
    expect(sent()).toMatchObject({
      categoryId: 'c_boots',
      actorUserId: 'staff-1',
      expectedVersion: 7,
      replaceTranslations: true,
      translations: [
        {
          language: 'de',
          name: 'Wanderstiefel',
          description: 'Für jeden Weg.',
          meta: {
            title: 'Wanderstiefel im Vergleich',
            description: 'Preise vergleichen.',
            keywords: ['wandern', 'stiefel'],
          },
        },
      ],
    });
  });

  it('clears the metas when every meta field is emptied', async () => {
    await post({ ...germanTexts, metaTitle: '', metaDescription: '', keywords: ' , ', _confirmed: '1' });
    expect(sent().translations).toEqual([
      { language: 'de', name: 'Wanderstiefel', description: 'Für jeden Weg.', meta: undefined },
    ]);
  });

  it('renames in one language without sending a description or metas, and asks catalog to keep them', async () => {
    const done = (await post({
      _intent: 'rename',
      version: '7',
      language: 'de',
      name: 'Wanderstiefel',
      _confirmed: '1',
    })) as Response;
    expect(done.status).toBe(302);
    expect(sent()).toMatchObject({
      replaceTranslations: false,
      translations: [{ language: 'de', name: 'Wanderstiefel', description: '', meta: undefined }],
    });
  });

  it('answers bad input with field errors, writing nothing', async () => {
    const refused = (await post({
      ...germanTexts,
      metaTitle: 'x'.repeat(201),
      keywords: Array.from({ length: 31 }, (_, i) => `k${i}`).join(', '),
      name: ' ',
    })) as Answer;
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toMatchObject({
      stage: 'errors',
      intent: 'texts',
      errors: {
        name: 'Required.',
        metaTitle: 'At most 200 characters.',
        keywords: 'At most 30 keywords of at most 100 characters each, separated by commas.',
      },
    });
    expect(catalog.updateCategory).not.toHaveBeenCalled();
  });

  it('shows catalog’s refusals at the form’s fields, never as a server error', async () => {
    catalog.updateCategory.mockRejectedValueOnce(
      new RpcError(GrpcStatus.INVALID_ARGUMENT, 'bad fields', [
        {
          field: 'translations[0].meta.description',
          reason: 'must be at most 500 characters',
          rule: 'max',
          params: { max: '500' },
        },
      ]),
    );
    const invalid = (await post({ ...germanTexts, _confirmed: '1' })) as Answer;
    expect(invalid.init?.status).toBe(400);
    expect(invalid.data.errors).toEqual({ metaDescription: 'At most 500 characters.' });

    catalog.updateCategory.mockRejectedValueOnce(
      new RpcError(
        GrpcStatus.ALREADY_EXISTS,
        'a sibling has the name',
        [{ field: 'translations', reason: '"Wanderstiefel" (de) exists under this parent', rule: 'unique' }],
        undefined,
        'CATEGORY_EXISTS',
      ),
    );
    const twin = (await post({ ...germanTexts, _confirmed: '1' })) as Answer;
    expect(twin.init?.status).toBe(400);
    expect(twin.data.errors).toEqual({ name: '"Wanderstiefel" (de) exists under this parent' });
  });
});
