import { status as GrpcStatus } from '@grpc/grpc-js';
import { CreateCategoryRequest, UpdateCategoryRequest, type DeepPartial } from '@pc/proto/catalog/v1/catalog';
import { CatalogAdminHarness, EMBEDDED_STORE, failure } from './test-support/admin-harness.js';

/**
 * UpdateCategory and a language's texts: a rename (a translation with just a name) keeps the
 * language's description and metas; replace_translations writes them whole; GetCategory says
 * which language its texts are in.
 */
describe('UpdateCategory keeps what a translation leaves unset (embedded store)', () => {
  let h: CatalogAdminHarness;
  const metaEn = { title: 'Hiking boots compared', description: 'Boots for every trail.', keywords: ['boots'] };
  const metaDe = { title: 'Wanderschuhe im Vergleich', description: 'Für jeden Weg.', keywords: ['wandern'] };
  // A translation with just a name is what a rename sends (fromPartial fills the rest in as unset).
  const update = (fields: DeepPartial<UpdateCategoryRequest>) =>
    h.client.updateCategory(UpdateCategoryRequest.fromPartial({ actorUserId: h.adminId, language: 'en', ...fields }));
  const read = async (categoryId: string, language: string) =>
    (await h.client.getCategory({ categoryId, language })).category!;
  const texts = async (categoryId: string, language: string) => {
    const { name, description, meta, language: textLanguage } = await read(categoryId, language);
    return { name, description, meta, language: textLanguage };
  };
  const create = async (name: string) =>
    (
      await h.client.createCategory(
        CreateCategoryRequest.fromPartial({
          actorUserId: h.adminId,
          translations: [
            { language: 'en', name, description: 'Shoes for walking.', meta: metaEn },
            { language: 'de', name: `${name} DE`, description: 'Schuhe zum Gehen.', meta: metaDe },
          ],
          language: 'en',
        }),
      )
    ).category!;

  beforeAll(async () => {
    h = await CatalogAdminHarness.start(EMBEDDED_STORE);
  });
  afterAll(() => h.stop());

  it('renames in one language, keeping that language’s description and metas and every other language', async () => {
    const boots = await create('Hiking Boots');
    await update({
      categoryId: boots.id,
      expectedVersion: boots.version,
      translations: [{ language: 'de', name: 'Wanderstiefel' }],
    });
    expect(await texts(boots.id, 'de')).toEqual({
      name: 'Wanderstiefel',
      description: 'Schuhe zum Gehen.',
      meta: metaDe,
      language: 'de',
    });
    expect(await texts(boots.id, 'en')).toEqual({
      name: 'Hiking Boots',
      description: 'Shoes for walking.',
      meta: metaEn,
      language: 'en',
    });

    // The fallback language too (its products follow the new name).
    const { category: renamed } = await update({
      categoryId: boots.id,
      translations: [{ language: 'en', name: 'Trekking Boots', description: '', meta: undefined }],
    });
    expect(renamed).toMatchObject({ name: 'Trekking Boots', description: 'Shoes for walking.', meta: metaEn });

    // A set description or meta changes alone.
    const metaOnly = { title: 'Trekking', description: '', keywords: [] };
    await update({ categoryId: boots.id, translations: [{ language: 'de', name: 'Wanderstiefel', meta: metaOnly }] });
    expect(await texts(boots.id, 'de')).toMatchObject({ description: 'Schuhe zum Gehen.', meta: metaOnly });
  });

  it('starts a new language with what the translation gives, and tells a fallback read by its language', async () => {
    const sandals = await create('Sandals');
    expect(await texts(sandals.id, 'fr')).toMatchObject({ name: 'Sandals', language: 'en' });
    await update({ categoryId: sandals.id, translations: [{ language: 'fr', name: 'Sandales' }] });
    expect(await texts(sandals.id, 'fr')).toEqual({
      name: 'Sandales',
      description: '',
      meta: undefined,
      language: 'fr',
    });
  });

  it('replace_translations writes a language’s texts whole: an empty description and no meta clear them', async () => {
    const clogs = await create('Clogs');
    await update({
      categoryId: clogs.id,
      replaceTranslations: true,
      translations: [{ language: 'de', name: 'Holzschuhe', description: '', meta: undefined }],
    });
    expect(await texts(clogs.id, 'de')).toEqual({
      name: 'Holzschuhe',
      description: '',
      meta: undefined,
      language: 'de',
    });
    expect((await texts(clogs.id, 'en')).meta).toEqual(metaEn);
  });

  it('refuses a meta title longer than allowed, naming the field, and writes nothing', async () => {
    const slippers = await create('Slippers');
    const refused = await failure(
      update({
        categoryId: slippers.id,
        translations: [{ language: 'de', name: 'Hausschuhe', meta: { ...metaDe, title: 'x'.repeat(201) } }],
      }),
    );
    expect(refused).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field: 'translations[0].meta.title', rule: 'max' })],
    });
    expect(await read(slippers.id, 'de')).toMatchObject({ name: 'Slippers DE', version: slippers.version });
  });
});
