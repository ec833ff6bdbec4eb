import { readInvoiceFilters } from './invoice-filters';

describe('the invoices table filters from the URL', () => {
  it('turns days into a half-open UTC range that includes the whole last day', () => {
    const read = readInvoiceFilters({ status: 'open', shop: ' sh_1 ', from: '2026-03-01', to: '2026-03-31' });
    expect(read).toEqual({
      ok: true,
      value: {
        status: 'open',
        shopId: 'sh_1',
        userId: '',
        issuedFrom: new Date('2026-03-01T00:00:00Z'),
        issuedTo: new Date('2026-04-01T00:00:00Z'),
      },
    });
  });

  it('names the field of a date that is not a day, or an end before the start', () => {
    expect(readInvoiceFilters({ from: '2026-02-31x' })).toEqual({ ok: false, errors: { from: 'date' } });
    expect(readInvoiceFilters({ from: '2026-03-02', to: '2026-03-01' })).toEqual({
      ok: false,
      errors: { to: 'order' },
    });
  });

  it('reads an unknown status as any status rather than refusing the page', () => {
    expect(readInvoiceFilters({ status: 'bogus' })).toMatchObject({ ok: true, value: { status: '' } });
  });
});
