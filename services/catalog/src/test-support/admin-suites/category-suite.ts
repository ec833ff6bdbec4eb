import { status as GrpcStatus } from '@grpc/grpc-js';
import { CreateCategoryRequest, UpdateCategoryRequest } from '@pc/proto/catalog/v1/catalog';
import { CatalogAdminHarness, eventually, failure, UNKNOWN_ACTOR, type CatalogStore } from '../admin-harness.js';

/** CreateCategory and UpdateCategory (staff panel "categories", "category metas"). */
export function describeCategoryWrites(store: CatalogStore): void {
  describe(`CreateCategory and UpdateCategory over gRPC (${store.name})`, () => {
    let h: CatalogAdminHarness;
    const ids = { garden: '', mowers: '', robots: '', outdoor: '' };
    let mower = '';
    const create = (fields: Partial<CreateCategoryRequest>) =>
      h.client.createCategory(CreateCategoryRequest.fromPartial({ actorUserId: h.adminId, language: 'en', ...fields }));
    const update = (fields: Partial<UpdateCategoryRequest>) =>
      h.client.updateCategory(UpdateCategoryRequest.fromPartial({ actorUserId: h.adminId, language: 'en', ...fields }));
    const category = async (categoryId: string, language = 'en') =>
      (await h.client.getCategory({ categoryId, language })).category;
    const names = (refs: { name: string }[] | undefined) => refs?.map((ref) => ref.name);

    beforeAll(async () => {
      h = await CatalogAdminHarness.start(store);
    });
    afterAll(() => h.stop());

    it('creates a root and children with texts and metas per language; the tree shows them', async () => {
      const garden = await create({
        translations: [
          {
            language: 'en',
            name: 'Garden',
            description: 'Everything for the garden.',
            meta: {
              title: 'Garden tools and machines',
              description: 'Compare garden prices.',
              keywords: ['garden', 'tools'],
            },
          },
          { language: 'de', name: 'Garten', description: 'Alles für den Garten.', meta: undefined },
        ],
        position: 3,
        language: 'de',
      });
      expect(garden.category).toMatchObject({
        name: 'Garten',
        slug: 'garten',
        parentId: '',
        depth: 0,
        position: 3,
        productsCount: 0,
        meta: undefined,
        // Written with its CategoryChanged staged, then again without it once published.
        version: 2,
      });
      ids.garden = garden.category?.id ?? '';
      expect((await category(ids.garden))?.meta).toEqual({
        title: 'Garden tools and machines',
        description: 'Compare garden prices.',
        keywords: ['garden', 'tools'],
      });
      ids.mowers =
        (
          await create({
            parentId: ids.garden,
            translations: [{ language: 'en', name: 'Lawn Mowers', description: '', meta: undefined }],
          })
        ).category?.id ?? '';
      const robots = await create({
        parentId: ids.mowers,
        translations: [{ language: 'en', name: 'Robot Mowers', description: '', meta: undefined }],
        googleProductCategoryId: 3798,
      });
      ids.robots = robots.category?.id ?? '';
      expect(robots.category).toMatchObject({
        depth: 2,
        googleProductCategoryId: 3798,
        ancestors: [expect.objectContaining({ name: 'Garden' }), expect.objectContaining({ name: 'Lawn Mowers' })],
      });
      const tree = await h.client.getCategoryTree({ rootId: ids.garden, maxDepth: 3, language: 'en' });
      expect(
        tree.nodes[0]?.children.map((node) => [node.category?.name, node.children.map((c) => c.category?.name)]),
      ).toEqual([['Lawn Mowers', ['Robot Mowers']]]);
      // Offers that name the path land in the staff's categories.
      mower = await h.product({
        shopId: 'c1',
        title: 'Husqvarna LC 141 lawn mower',
        brand: 'Husqvarna',
        categoryPath: 'Garden > Lawn Mowers',
      });
      expect(names((await h.client.getProduct({ productId: mower, language: 'en' })).product?.breadcrumbs)).toEqual([
        'Garden',
        'Lawn Mowers',
      ]);
      expect((await category(ids.garden))?.productsCount).toBe(1);
    });

    it('refuses a twin under one parent, a Google id mapped elsewhere, an unknown parent, no English name and non-admins', async () => {
      expect(
        await failure(
          create({
            parentId: ids.garden,
            translations: [{ language: 'en', name: 'Lawn mowers', description: '', meta: undefined }],
          }),
        ),
      ).toMatchObject({ code: GrpcStatus.ALREADY_EXISTS, reason: 'CATEGORY_EXISTS' });
      expect(
        await failure(
          create({
            translations: [{ language: 'en', name: 'Robots', description: '', meta: undefined }],
            googleProductCategoryId: 3798,
          }),
        ),
      ).toMatchObject({ code: GrpcStatus.ALREADY_EXISTS, reason: 'GOOGLE_CATEGORY_TAKEN' });
      expect(
        (
          await failure(
            create({
              parentId: 'nope',
              translations: [{ language: 'en', name: 'Shears', description: '', meta: undefined }],
            }),
          )
        )?.code,
      ).toBe(GrpcStatus.NOT_FOUND);
      const noEnglish = await failure(
        create({
          translations: [{ language: 'de', name: 'Werkzeug', description: '', meta: undefined }],
          imageUrl: 'not a url',
        }),
      );
      expect(noEnglish?.violations?.map((v) => v.field).sort()).toEqual(['image_url', 'translations']);
      expect(
        (
          await failure(
            create({
              actorUserId: h.memberId,
              translations: [{ language: 'en', name: 'Mine', description: '', meta: undefined }],
            }),
          )
        )?.code,
      ).toBe(GrpcStatus.PERMISSION_DENIED);
      expect(
        (
          await failure(
            create({
              actorUserId: UNKNOWN_ACTOR,
              translations: [{ language: 'en', name: 'Mine', description: '', meta: undefined }],
            }),
          )
        )?.code,
      ).toBe(GrpcStatus.UNAUTHENTICATED);
      expect(
        (await h.client.getCategoryTree({ rootId: '', maxDepth: 1, language: 'en' })).nodes.map(
          (node) => node.category?.name,
        ),
      ).toEqual(['Garden']);
    });

    it('renames a category: texts and metas change, and its products’ breadcrumbs and events follow', async () => {
      const before = await category(ids.mowers);
      const { category: renamed } = await update({
        categoryId: ids.mowers,
        expectedVersion: before?.version ?? 0,
        translations: [
          {
            language: 'en',
            name: 'Lawnmowers',
            description: 'Petrol, electric, robotic.',
            meta: { title: 'Lawnmowers compared', description: '', keywords: [] },
          },
        ],
        position: 2,
      });
      expect(renamed).toMatchObject({
        name: 'Lawnmowers',
        slug: 'lawnmowers',
        position: 2,
        meta: { title: 'Lawnmowers compared' },
        version: (before?.version ?? 0) + 2,
      });
      const event = await eventually(() =>
        h.changesOf(mower).find((e) => e.product?.breadcrumbs.some((c) => c.name === 'Lawnmowers')),
      );
      expect(event.changedFields).toEqual(['category', 'breadcrumbs']);
      expect(names((await h.client.getProduct({ productId: mower, language: 'en' })).product?.breadcrumbs)).toEqual([
        'Garden',
        'Lawnmowers',
      ]);
    });

    it('moves a subtree: descendants’ ancestors, products’ breadcrumbs and both ancestors’ counts follow', async () => {
      ids.outdoor =
        (await create({ translations: [{ language: 'en', name: 'Outdoor', description: '', meta: undefined }] }))
          .category?.id ?? '';
      const { category: moved } = await update({ categoryId: ids.mowers, parentId: ids.outdoor });
      expect(moved).toMatchObject({
        parentId: ids.outdoor,
        depth: 1,
        ancestors: [expect.objectContaining({ name: 'Outdoor' })],
        children: [expect.objectContaining({ name: 'Robot Mowers' })],
      });
      await eventually(async () => names((await category(ids.robots))?.ancestors)?.join('/') === 'Outdoor/Lawnmowers');
      await eventually(
        async () =>
          names((await h.client.getProduct({ productId: mower, language: 'en' })).product?.breadcrumbs)?.join('/') ===
          'Outdoor/Lawnmowers',
      );
      await eventually(
        async () =>
          (await category(ids.outdoor))?.productsCount === 1 && (await category(ids.garden))?.productsCount === 0,
      );
      const event = await eventually(() => h.changesOf(mower).find((e) => e.categoryPathIds[0] === ids.outdoor));
      expect(event.categoryPathIds).toEqual([ids.outdoor, ids.mowers]);
      // New offers of that category path land in the moved category, under its new parent.
      const later = await h.product({
        shopId: 'c1',
        title: 'Gardena robotic mower Sileno',
        categoryPath: 'Outdoor > Lawnmowers > Robot Mowers',
      });
      expect((await h.client.getProduct({ productId: later, language: 'en' })).product?.category?.id).toBe(ids.robots);
    });

    it('refuses a move below itself, a stale version, an unknown category and non-admins, changing nothing', async () => {
      const version = (await category(ids.mowers))?.version ?? 0;
      expect(await failure(update({ categoryId: ids.mowers, parentId: ids.robots }))).toMatchObject({
        code: GrpcStatus.INVALID_ARGUMENT,
        violations: [expect.objectContaining({ field: 'parent_id' })],
      });
      expect(await failure(update({ categoryId: ids.mowers, parentId: ids.mowers }))).toMatchObject({
        code: GrpcStatus.INVALID_ARGUMENT,
      });
      expect(
        await failure(update({ categoryId: ids.mowers, expectedVersion: version - 1, position: 9 })),
      ).toMatchObject({ code: GrpcStatus.ABORTED, reason: 'VERSION_MISMATCH' });
      expect((await failure(update({ categoryId: 'nope', position: 1 })))?.code).toBe(GrpcStatus.NOT_FOUND);
      expect((await failure(update({ categoryId: ids.mowers, parentId: 'nope' })))?.code).toBe(GrpcStatus.NOT_FOUND);
      expect((await failure(update({ categoryId: ids.mowers, actorUserId: h.memberId, position: 9 })))?.code).toBe(
        GrpcStatus.PERMISSION_DENIED,
      );
      expect((await failure(update({ categoryId: ids.mowers, actorUserId: UNKNOWN_ACTOR, position: 9 })))?.code).toBe(
        GrpcStatus.UNAUTHENTICATED,
      );
      expect(await category(ids.mowers)).toMatchObject({ version, parentId: ids.outdoor, position: 2 });
    });
  });
}
