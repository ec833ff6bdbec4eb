import { readLogFilters as readFilters } from './log-filters';

const SERVICES = ['catalog', 'offers', 'search'];
const readLogFilters = (filters: Record<string, string>) => readFilters(filters, SERVICES);

describe('the logs page’s filters', () => {
  it('reads service, level, text, trace and time span, defaulting to every warning of every service', () => {
    expect(readLogFilters({})).toEqual({
      ok: true,
      value: { service: null, level: 'warn', text: '', traceId: '', since: null },
    });
    expect(
      readLogFilters({
        service: 'offers',
        level: 'error',
        q: ' shop-42 ',
        trace: '4BF92F3577B34DA6A3CE929D0E0E4736',
        since: '1h',
      }),
    ).toEqual({
      ok: true,
      value: {
        service: 'offers',
        level: 'error',
        text: 'shop-42',
        traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
        since: '1h',
      },
    });
  });

  it('names every wrong field with the message that says why', () => {
    expect(
      readLogFilters({ service: 'mainframe', level: 'debug', q: 'a\u0000b', trace: 'xyz', since: '3 days' }),
    ).toEqual({
      ok: false,
      errors: {
        service: 'logs.badService',
        level: 'logs.badLevel',
        q: 'logs.badText',
        trace: 'logs.badTrace',
        since: 'logs.badSince',
      },
    });
  });
});
