import { join } from 'node:path';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { Outbox } from '@pc/kit/events/outbox';
import type { CategoryChanged, CategoryDeleted } from '@pc/proto/catalog/events/v1/events';
import { CreateCategoryRequest, UpdateCategoryRequest } from '@pc/proto/catalog/v1/catalog';
import { Events } from '@pc/proto/event-catalog';
import { pino } from 'pino';
import type { CategoryRecord } from './domain/category.js';
import { categoryDeletedEvent } from './events/category-events.js';
import { CatalogAdminHarness, EMBEDDED_STORE, eventually } from './test-support/admin-harness.js';
import { categoryTexts, newCategory } from './categories/category-texts.js';
import { newDataDir, removeDataDir, startCatalog } from './test-support/catalog-harness.js';
import { EventRecorder } from './test-support/event-recorder.js';
import { putStoredDocument, storedDocument } from './test-support/stored-documents.js';

const names = (event: CategoryChanged | undefined) =>
  Object.fromEntries((event?.names ?? []).map((name) => [name.language, name.name]));

/** CategoryChanged and CategoryDeleted: what search learns the categories' names in every language from. */
describe('category events over gRPC (embedded store)', () => {
  let h: CatalogAdminHarness;
  const create = async (translations: Record<string, string>, parentId = '') =>
    (
      await h.client.createCategory(
        CreateCategoryRequest.fromPartial({
          actorUserId: h.adminId,
          parentId,
          translations: Object.entries(translations).map(([language, name]) => ({ language, name })),
          language: 'en',
        }),
      )
    ).category!;
  const update = (fields: Partial<UpdateCategoryRequest>) =>
    h.client.updateCategory(UpdateCategoryRequest.fromPartial({ actorUserId: h.adminId, language: 'en', ...fields }));
  const changesOf = (categoryId: string): CategoryChanged[] =>
    h.events.of(Events.categoryChanged).flatMap((event) => (event.key === categoryId ? [event.payload] : []));
  const deletionsOf = (categoryId: string): CategoryDeleted[] =>
    h.events.of(Events.categoryDeleted).flatMap((event) => (event.key === categoryId ? [event.payload] : []));
  const changed = (categoryId: string, count: number) =>
    eventually(() => {
      const changes = changesOf(categoryId);
      return changes.length >= count ? changes : undefined;
    });

  beforeAll(async () => {
    h = await CatalogAdminHarness.start(EMBEDDED_STORE);
  });
  afterAll(() => h.stop());

  it('announces a created category with its names in every language, and each change of a name or translation', async () => {
    const audio = await create({ en: 'Audio', de: 'Audio' });
    const headphones = await create({ en: 'Headphones', de: 'Kopfhörer' }, audio.id);
    const [created] = await changed(headphones.id, 1);
    expect(created).toMatchObject({
      categoryId: headphones.id,
      version: 1,
      parentId: audio.id,
      ancestorIds: [audio.id],
      createdAt: expect.any(Date),
    });
    expect(created?.names).toEqual([
      { language: 'de', name: 'Kopfhörer', slug: 'kopfhorer' },
      { language: 'en', name: 'Headphones', slug: 'headphones' },
    ]);

    const { category: translated } = await update({
      categoryId: headphones.id,
      translations: [{ language: 'fr', name: 'Casques', description: '' }],
    });
    const [, second] = await changed(headphones.id, 2);
    expect(names(second)).toEqual({ de: 'Kopfhörer', en: 'Headphones', fr: 'Casques' });
    // The version the write that staged it gave the category; publishing it was a write of its own.
    expect(second?.version).toBe(Number(translated?.version) - 1);
    expect(second?.createdAt).toEqual(created?.createdAt);

    // A description, a position: nothing a reader names the category by.
    await update({ categoryId: headphones.id, position: 4 });
    await update({
      categoryId: headphones.id,
      translations: [{ language: 'de', name: 'Kopfhörer', description: 'Über- und In-Ear.' }],
    });
    await update({
      categoryId: headphones.id,
      translations: [{ language: 'de', name: 'Kopfhörer & Headsets', description: '' }],
    });
    const [, , third, fourth] = await changed(headphones.id, 3);
    expect(names(third)).toEqual({ de: 'Kopfhörer & Headsets', en: 'Headphones', fr: 'Casques' });
    expect(fourth).toBeUndefined();
    expect(Number(third?.version)).toBeGreaterThan(Number(second?.version));
  });

  it('announces a moved category with its new parent, and its descendants with their new ancestors', async () => {
    const hifi = await create({ en: 'Hi-Fi' });
    const speakers = await create({ en: 'Speakers', it: 'Altoparlanti' }, hifi.id);
    const bookshelf = await create({ en: 'Bookshelf Speakers' }, speakers.id);
    const home = await create({ en: 'Home' });
    await update({ categoryId: speakers.id, parentId: home.id });
    const moved = (await changed(speakers.id, 2))[1];
    expect(moved).toMatchObject({ parentId: home.id, ancestorIds: [home.id] });
    expect(names(moved)).toEqual({ en: 'Speakers', it: 'Altoparlanti' });
    const below = (await changed(bookshelf.id, 2))[1];
    expect(below).toMatchObject({ parentId: speakers.id, ancestorIds: [home.id, speakers.id] });
    expect(Number(below?.version)).toBeGreaterThan(Number(changesOf(bookshelf.id)[0]?.version));
  });

  it('announces a deleted category with a version above every change of it', async () => {
    const spare = await create({ en: 'Spare Parts', de: 'Ersatzteile' });
    const [created] = await changed(spare.id, 1);
    await h.client.deleteCategory({ categoryId: spare.id, actorUserId: h.adminId, expectedVersion: 0 });
    const [deleted] = await eventually(() => (deletionsOf(spare.id).length > 0 ? deletionsOf(spare.id) : undefined));
    expect(deleted).toMatchObject({ categoryId: spare.id, parentId: '', createdAt: created?.createdAt });
    expect(Number(deleted?.version)).toBeGreaterThan(Number(spare.version));
    expect(deleted?.deletedAt?.getTime()).toBeGreaterThanOrEqual(Number(created?.changedAt?.getTime()));
    await expect(h.client.getCategory({ categoryId: spare.id, language: 'en' })).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
    // The same name again is a category of its own: created later, so readers tell it apart.
    const again = await create({ en: 'Spare Parts' });
    expect(again.id).toBe(spare.id);
    const [recreated] = await changed(again.id, 2).then((changes) => changes.slice(1));
    expect(recreated?.createdAt?.getTime()).toBeGreaterThan(Number(created?.createdAt?.getTime()));
    expect(names(recreated)).toEqual({ en: 'Spare Parts' });
  });

  it("announces the categories an offer's taxonomy id makes, named in every language the taxonomy has", async () => {
    const productId = await h.product({
      shopId: 'ce',
      title: 'Sony WH-1000XM5 headphones',
      brand: 'Sony',
      googleProductCategoryId: 505771,
    });
    const { product } = await h.client.getProduct({ productId, language: 'en' });
    const path = product?.breadcrumbs.map((step) => step.id) ?? [];
    const [leaf] = await changed(path.at(-1) ?? '', 1);
    // Google's names where its files are installed, the built-in list's otherwise: six languages either way.
    expect(names(leaf)).toMatchObject({ de: 'Kopfhörer & Headsets' });
    expect(Object.keys(names(leaf)).sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'pt']);
    expect(leaf?.ancestorIds).toEqual(path.slice(0, -1));
    // Every category of the path, once each.
    for (const id of path) expect(await changed(id, 1)).toHaveLength(1);
  });
});

describe('category events: published after a restart when a crash left them staged', () => {
  it('publishes the CategoryDeleted a deletion staged and removes the category it left', async () => {
    const dataDir = newDataDir();
    let catalog = await startCatalog(dataDir);
    const recorder = await EventRecorder.start(dataDir);
    try {
      await catalog.stop();
      // A deletion wrote its tombstone with the event staged, and the process died.
      const bus = openEmbeddedEventBus({ path: join(dataDir, 'events', 'log.sqlite') });
      const outbox = new Outbox(bus, 'catalog', pino({ level: 'silent' }));
      const deletedAt = new Date();
      const spare = newCategory('spare', [], categoryTexts({ en: 'Spare' }), 0, '2026-01-01T00:00:00.000Z');
      await putStoredDocument<CategoryRecord>(dataDir, 'categories', {
        ...spare,
        deletedAt: deletedAt.toISOString(),
        ...outbox.stage(null, [categoryDeletedEvent(spare, 3, deletedAt)]),
      });
      await bus.close();

      catalog = await startCatalog(dataDir);
      await recorder.waitFor(() => recorder.of(Events.categoryDeleted).some((e) => e.key === 'spare'));
      expect(recorder.of(Events.categoryDeleted).find((e) => e.key === 'spare')?.payload).toMatchObject({
        categoryId: 'spare',
        version: 3,
        deletedAt,
      });
      await expect(catalog.client.getCategory({ categoryId: 'spare', language: 'en' })).rejects.toMatchObject({
        code: GrpcStatus.NOT_FOUND,
      });
      expect(await storedDocument(dataDir, 'categories', 'spare')).toBeNull();
    } finally {
      await recorder.stop();
      await catalog.stop();
      removeDataDir(dataDir);
    }
  });
});
