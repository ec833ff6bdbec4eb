import { describeEcbFileProblem, isEcbFileProblem, parseEcbCsv } from './ecb-file';

describe("the ECB's daily reference rates file (eurofxref.csv)", () => {
  it('reads the header and the one row of units per 1 EUR, as published (spaces, trailing comma, BOM)', () => {
    const file = '\uFEFFDate, USD, JPY, BGN, IDR, \r\n06 December 2026, 1.0541, 162.23, 1.9558, 17251.43, \r\n';
    expect(parseEcbCsv(file)).toEqual({
      day: '2026-12-06',
      rates: [
        { currency: 'USD', rate: '1.0541' },
        { currency: 'JPY', rate: '162.23' },
        { currency: 'BGN', rate: '1.9558' },
        { currency: 'IDR', rate: '17251.43' },
      ],
      missing: [],
    });
  });

  it('leaves out "N/A" and reads the history file’s day form', () => {
    expect(parseEcbCsv('Date,USD,RUB\n2026-12-04,1.0541,N/A\n')).toEqual({
      day: '2026-12-04',
      rates: [{ currency: 'USD', rate: '1.0541' }],
      missing: ['RUB'],
    });
  });

  it.each([
    ['another CSV', 'name,price\nA,1\n', 'header'],
    ['an HTML page', '<!doctype html><html><body>Not found</body></html>\n', 'header'],
    ['no row', 'Date, USD,\n', 'rows'],
    ['the history file (many rows)', 'Date,USD\n2026-12-04,1.05\n2026-12-03,1.04\n', 'rows'],
    ['a bad day', 'Date, USD\n31 February 2026, 1.05\n', 'date'],
    ['a bad code', 'Date, USDX\n06 December 2026, 1.05\n', 'currency'],
    ['EUR itself', 'Date, EUR\n06 December 2026, 1\n', 'currency'],
    ['a code twice', 'Date, USD, usd\n06 December 2026, 1.05, 1.06\n', 'duplicate'],
    ['a negative rate', 'Date, USD\n06 December 2026, -1.05\n', 'rate'],
    ['a zero rate', 'Date, USD\n06 December 2026, 0\n', 'rate'],
    ['no rate at all', 'Date, USD\n06 December 2026, N/A\n', 'noRates'],
    ['broken quoting', 'Date, USD\n"06 December 2026, 1.05\n', 'unreadable'],
  ])('refuses %s', (_name, file, error) => {
    expect(parseEcbCsv(file)).toMatchObject({ error });
  });

  it('says in English what is wrong, for logs', () => {
    const problem = parseEcbCsv('Date, USD\n06 December 2026, -1.05\n');
    expect(isEcbFileProblem(problem)).toBe(true);
    if (!isEcbFileProblem(problem)) return;
    expect(describeEcbFileProblem(problem)).toBe(
      'the rate of USD ("-1.05") is not a positive decimal with at most 10 decimals',
    );
    expect(describeEcbFileProblem({ error: 'header' })).toBe('its first row is not the header "Date, USD, JPY, …"');
  });
});
