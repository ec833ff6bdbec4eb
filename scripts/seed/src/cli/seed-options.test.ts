import { parseDay } from '../calendar/days';
import { DEFAULT_PRODUCTS, parseSeedOptions, UsageError } from './seed-options';

const today = new Date('2026-11-22T15:30:00Z');

describe('seed flags', () => {
  it('defaults to the documented size, seed 1, a year up to today’s UTC midnight', () => {
    expect(parseSeedOptions([], { WEB_PORT: '3900' }, today)).toEqual({
      products: DEFAULT_PRODUCTS,
      shops: 60,
      seed: '1',
      historyDays: 365,
      reviews: 8,
      dryRun: false,
      untilDay: parseDay('2026-11-22'),
      cohortSize: 5_000,
      batchSize: 2000,
      imageBaseUrl: 'http://127.0.0.1:3900',
      waitSeconds: 600,
      benchDirect: false,
    });
  });

  it('reads every flag', () => {
    const options = parseSeedOptions(
      [
        '--products',
        '1000000',
        '--shops',
        '80',
        '--seed',
        'bench',
        '--history-days',
        '90',
        '--until',
        '2026-01-31',
        '--reviews',
        '0',
        '--dry-run',
        '--image-base',
        'https://shop.example/',
      ],
      {},
      today,
    );
    expect(options).toMatchObject({
      products: 1_000_000,
      shops: 80,
      seed: 'bench',
      historyDays: 90,
      untilDay: parseDay('2026-01-31'),
      reviews: 0,
      dryRun: true,
      imageBaseUrl: 'https://shop.example',
    });
    expect(parseSeedOptions(['--bench-direct'], {}, today)).toMatchObject({ benchDirect: true });
  });

  it.each([
    [['--products', '0'], '--products'],
    [['--products', '1000001'], '--products'],
    [['--history-days', 'many'], '--history-days'],
    [['--until', '2026-02-30'], '--until'],
    [['--image-base', 'ftp://x'], '--image-base'],
    [['--colour', 'red'], 'colour'],
  ])('rejects %j naming the flag', (argv, flag) => {
    expect(() => parseSeedOptions(argv, {}, today)).toThrow(UsageError);
    expect(() => parseSeedOptions(argv, {}, today)).toThrow(flag);
  });

  it('answers help', () => {
    expect(parseSeedOptions(['--help'], {}, today)).toBe('help');
  });
});
