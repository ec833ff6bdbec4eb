import { ObservationSource } from '@pc/proto/crawler/events/v1/events';
import { parseSeedOptions, type SeedOptions } from '../cli/seed-options';
import { startOfDay } from '../calendar/days';
import { builtinTaxonomy } from '../taxonomy/builtin-categories';
import { dryRunShopIds, prepareGeneration } from './generation';
import { asHistoryImport, historyImportEnd } from './history-import';

const HOUR = 3_600_000;

describe('the history import', () => {
  const options = parseSeedOptions(
    ['--until', '2026-06-01', '--products', '60', '--history-days', '30'],
    {},
    new Date(),
  ) as SeedOptions;
  const generation = prepareGeneration(options, builtinTaxonomy());
  const shopIds = dryRunShopIds(generation.shops);
  const worldNow = startOfDay(options.untilDay);

  it('ends where offers\u2019 freshness window begins, and never after the world\u2019s "now"', () => {
    const wallClock = new Date(worldNow.getTime() + 15 * HOUR);
    expect(historyImportEnd(worldNow, wallClock, 72 * HOUR)).toEqual(new Date(wallClock.getTime() - 72 * HOUR));
    expect(historyImportEnd(worldNow, new Date(worldNow.getTime() + 900 * HOUR), 72 * HOUR)).toEqual(worldNow);
  });

  it('imports only the past before its end: marked as imported, on the shops\u2019 own sites, nothing at "now"', () => {
    const end = new Date(worldNow.getTime() - 57 * HOUR);
    const everything = [...generation.observations(shopIds)].flat();
    const sites = new Map(shopIds.map((id, index) => [id, `http://127.10.0.${index + 1}:8800`]));
    const imported = [...asHistoryImport(generation.observations(shopIds, end), sites)].flat();
    const expected = everything.filter((observation) => observation.observedAt < end);
    expect(imported.length).toBe(expected.length);
    expect(imported.length).toBeGreaterThan(100);
    expect(everything.some((observation) => observation.observedAt.getTime() === worldNow.getTime())).toBe(true);
    // The same events as the whole stream's past (ids included): a second import is deduplicated.
    expect(imported.map((observation) => observation.eventId)).toEqual(
      expected.map((observation) => observation.eventId),
    );
    for (const observation of imported) {
      expect(observation.observedAt.getTime()).toBeLessThan(end.getTime());
      expect(observation.payload.source).toBe(ObservationSource.OBSERVATION_SOURCE_HISTORY_IMPORT);
      expect(observation.payload.url.startsWith(`${sites.get(observation.payload.shopId)}/`)).toBe(true);
    }
    const original = expected[0]!.payload.url;
    expect(imported[0]!.payload.url).toBe(`${sites.get(imported[0]!.payload.shopId)}${new URL(original).pathname}`);
  });
});
